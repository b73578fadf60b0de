/**
 * The text-format parsers on inputs their generators do not produce: European CSV, Markdown code fences, XML
 * entities and CDATA, JSON that must stay byte-exact; and the 20-million-character cap.
 */
import { parseCsv } from '../../../activities/parsing/csv';
import { parseJson } from '../../../activities/parsing/json';
import { ExtractionFailure, MAX_EXTRACTED_CHARS, succeeded } from '../../../activities/parsing/result';
import { MAX_TEXT_LINE_CHARS, parseMarkdown, parseTxt } from '../../../activities/parsing/text';
import { parseXmlDocument } from '../../../activities/parsing/xml';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

function failureOf(parse: () => unknown): ExtractionFailure {
  try {
    parse();
  } catch (err) {
    if (err instanceof ExtractionFailure) return err;
    throw err;
  }
  throw new Error('expected the parser to fail');
}

describe('csv', () => {
  it('reads semicolon-separated files and keeps quoted commas inside their cell', () => {
    const parsed = parseCsv(bytes('name;score;comment\r\nAnna;5;"good, very good"\r\nBo;3;ok\r\n'));
    expect(parsed.sections[0]?.text).toBe(
      ['| name | score | comment |', '| --- | --- | --- |', '| Anna | 5 | good, very good |', '| Bo | 3 | ok |'].join(
        '\n',
      ),
    );
  });

  it('reports an unclosed quote as corrupt, with the line', () => {
    const failure = failureOf(() => parseCsv(bytes('a,b\n1,2\n"x,y\n')));
    expect(failure.code).toBe('corrupt');
    expect(failure.reason).toMatch(/near line 3/);
  });
});

describe('markdown', () => {
  it('starts a section at each heading, but not at a # inside a code fence', () => {
    const parsed = parseMarkdown(bytes('Intro\n\n# Scope\n\n```sh\n# not a heading\n```\n\n## Budget ##\n\nNumbers'));
    expect(parsed.sections.map((s) => s.label)).toEqual(['Text', 'Scope', 'Budget']);
    expect(parsed.sections[1]?.text).toContain('# not a heading');
    expect(parsed.sections[2]?.text).toBe('## Budget ##\n\nNumbers');
  });
});

describe('plain text', () => {
  it('refuses a line longer than 1 MiB as unprocessable, in TXT and Markdown alike', () => {
    const endless = Buffer.alloc(MAX_TEXT_LINE_CHARS + 1, 'a');
    for (const parse of [parseTxt, parseMarkdown]) {
      let thrown: unknown;
      try {
        parse(endless);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(ExtractionFailure);
      expect(thrown).toMatchObject({
        code: 'file_unprocessable',
        reason: expect.stringMatching(/line of more than 1 MiB/),
      });
    }
  });

  it('reads long files whose lines are of any ordinary length, up to 1 MiB each', () => {
    const line = `${'b'.repeat(MAX_TEXT_LINE_CHARS)}\n`;
    const parsed = parseTxt(Buffer.from(line.repeat(3)));
    expect(parsed.sections[0]!.text.length).toBe(3 * MAX_TEXT_LINE_CHARS + 2);
  });

  it('drops the byte-order mark and normalises Windows line ends', () => {
    expect(parseTxt(bytes('\ufeffline one\r\nline two\r\n')).sections[0]?.text).toBe('line one\nline two');
  });
});

describe('xml', () => {
  it('decodes predefined and numeric entities, keeps CDATA, and labels the section with the root', () => {
    const xml =
      '<?xml version="1.0"?><note><to>Tove &amp; Jani</to><sign>&#169; &#x263A;</sign>' +
      '<body><![CDATA[Remember <me> & this]]></body></note>';
    const parsed = parseXmlDocument(bytes(xml));
    const text = 'Tove & Jani\n© ☺\nRemember <me> & this';
    expect(parsed.sections).toEqual([{ kind: 'section', index: 1, label: 'note', text }]);
  });

  it('accepts a DOCTYPE that only names an external DTD, without fetching it', () => {
    const xml = '<?xml version="1.0"?>\n<!DOCTYPE note SYSTEM "http://example.invalid/note.dtd">\n<note>hi</note>';
    const parsed = parseXmlDocument(bytes(xml));
    expect(parsed.sections[0]?.text).toBe('hi');
  });

  it('reports malformed XML with the position of the error', () => {
    const failure = failureOf(() => parseXmlDocument(bytes('<a>\n  <b></a>')));
    expect(failure.code).toBe('corrupt');
    expect(failure.reason).toMatch(/^the file is not well-formed XML \(line 2, column \d+: .*'b'/);
  });
});

describe('json', () => {
  it('keeps the text exactly as written, big integers included', () => {
    const text = '{"id": 12345678901234567890, "score": 1.0}';
    expect(parseJson(bytes(`\n${text}\n`)).sections[0]?.text).toBe(text);
  });

  it('reports invalid JSON as corrupt', () => {
    expect(failureOf(() => parseJson(bytes('{"a": 1,}'))).code).toBe('corrupt');
  });
});

describe('the extracted-text cap', () => {
  it('cuts text at 20 million characters across sections and still counts as extracted', () => {
    const chunk = 'x'.repeat(8_000_000);
    const sections = [1, 2, 3].map((index) => ({ kind: 'page' as const, index, label: `Page ${index}`, text: chunk }));
    const result = succeeded('pdf', { pageCount: 3, sections });
    expect(result.extracted).toBe(true);
    expect(result.char_count).toBe(MAX_EXTRACTED_CHARS);
    expect(result.sections.map((s) => s.text.length)).toEqual([8_000_000, 8_000_000, 4_000_000]);
    expect(result.page_count).toBe(3);
  });

  it('treats whitespace-only text as no_text', () => {
    const result = succeeded('txt', {
      pageCount: null,
      sections: [{ kind: 'section', index: 1, label: 'Text', text: ' \n ' }],
    });
    expect(result).toMatchObject({ extracted: false, code: 'no_text', format: 'txt', sections: [] });
  });
});
