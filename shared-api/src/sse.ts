/* One parser of the live channel's Server-Sent Events: the browser's client (shared-auth), the API tests and the live
 * benchmark read the stream with it. */

/**
 * Server-Sent Events parsing (the WHATWG rules this channel uses): lines end with CRLF, LF or CR, possibly split
 * across chunks; `event:` names the event, `data:` lines are joined with newlines, a blank line dispatches, a line
 * starting with ':' is a comment (the keep-alive).
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private afterCr = false;

  constructor(private readonly onEvent: (event: string, data: string) => void) {}

  push(text: string): void {
    if (!text) return;
    // A CR that ended the last chunk has been taken as a line end; an LF opening this one completes that CRLF.
    if (this.afterCr && text.startsWith('\n')) text = text.slice(1);
    this.afterCr = text.endsWith('\r');
    this.buffer += text;
    const eol = /\r\n|\r|\n/g;
    let from = 0;
    let match: RegExpExecArray | null;
    while ((match = eol.exec(this.buffer))) {
      this.line(this.buffer.slice(from, match.index));
      from = eol.lastIndex;
    }
    this.buffer = this.buffer.slice(from);
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length) this.onEvent(this.event || 'message', this.data.join('\n'));
      this.event = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
  }
}
