import type { FastifyReply } from 'fastify';

/** Serves a rendered document inline (browsers open it in their viewer); never cached, it is the caller's own. */
export function sendPdf(reply: FastifyReply, pdf: { fileName: string; bytes: Buffer }) {
  return reply.type('application/pdf').header('content-disposition', `inline; filename="${pdf.fileName}"`).header('cache-control', 'private, no-store').send(pdf.bytes);
}
