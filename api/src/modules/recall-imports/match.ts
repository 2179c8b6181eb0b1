/** Notices name the pharmacopoeia a product meets ("Paracetamol Tablets I.P. 500 mg"); product names do not. */
const PHARMACOPOEIA = /\b(I\.?\s?P|B\.?\s?P|U\.?\s?S\.?\s?P)\b\.?/gi;

/** A row's product name as the product master would write it: the pharmacopoeia mark left out. */
export const noticeName = (name: string) => name.replace(PHARMACOPOEIA, ' ').replace(/\s+/g, ' ').trim();

/** The manufacturer as the master names it: lists write "M/s. Micro Labs Ltd., Bangalore" (the address after a comma). */
export const noticeMaker = (maker: string) => maker.replace(/^\s*M\s*\/\s*s\.?\s*/i, '').split(',')[0]!.trim();
