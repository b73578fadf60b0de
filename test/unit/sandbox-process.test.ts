/** A sandbox child's announced output (activities/sandbox-process.ts): held once, and never more than allowed. */
import { AnnouncedOutput } from '../../activities/sandbox-process';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('AnnouncedOutput', () => {
  it('keeps bytes that arrive before the size, and gives the whole once every announced byte is there', () => {
    const output = new AnnouncedOutput(100);
    expect(output.take(bytes('hello '))).toBe(true);
    expect(output.complete()).toBeNull();
    expect(output.announce(11)).toBe(true);
    expect(output.complete()).toBeNull();
    expect(output.take(bytes('world'))).toBe(true);
    expect(output.complete()?.toString()).toBe('hello world');
  });

  it('refuses more than the maximum before any announcement, and an announcement over it', () => {
    const early = new AnnouncedOutput(8);
    expect(early.take(bytes('12345'))).toBe(true);
    expect(early.take(bytes('6789'))).toBe(false);
    expect(new AnnouncedOutput(8).announce(9)).toBe(false);
  });

  it('refuses bytes past the announced size, whether they came before the announcement or after', () => {
    const before = new AnnouncedOutput(100);
    before.take(bytes('too long'));
    expect(before.announce(3)).toBe(false);
    const after = new AnnouncedOutput(100);
    expect(after.announce(3)).toBe(true);
    expect(after.take(bytes('abcd'))).toBe(false);
    expect(after.complete()).toBeNull();
  });
});
