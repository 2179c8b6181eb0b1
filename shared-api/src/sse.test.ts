import { SseParser } from './sse';

describe('SseParser', () => {
  it('parses events split anywhere across chunks, CRLF split between chunks, comments and multi-line data', () => {
    const seen: [string, string][] = [];
    const parser = new SseParser((event, data) => seen.push([event, data]));
    const text = ': keepalive\r\n\r\nevent: notifications\r\ndata: {}\r\n\r\nevent: stock\ndata: {"productIds":\ndata: ["p1"],"all":false}\n\ndata: plain\r\r';
    // Every split point of the same text gives the same events.
    for (let cut = 0; cut <= text.length; cut++) {
      seen.length = 0;
      parser.push(text.slice(0, cut));
      parser.push(text.slice(cut));
      expect(seen).toEqual([
        ['notifications', '{}'],
        ['stock', '{"productIds":\n["p1"],"all":false}'],
        ['message', 'plain'],
      ]);
    }
  });

  it('waits for the blank line before dispatching', () => {
    const seen: string[] = [];
    const parser = new SseParser((event) => seen.push(event));
    parser.push('event: ready\ndata: {}\n');
    expect(seen).toEqual([]);
    parser.push('\n');
    expect(seen).toEqual(['ready']);
  });
});
