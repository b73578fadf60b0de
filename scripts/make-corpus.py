#!/usr/bin/env python3
"""
Makes the fidelity corpus in test/fixtures/corpus/ with real office software, by hand (never in CI):

    python3 -m venv /tmp/pptx && /tmp/pptx/bin/pip install python-pptx
    /tmp/pptx/bin/python scripts/make-corpus.py          # needs soffice (libreoffice-*-nogui) on PATH
    python3 scripts/make-corpus.py --expected-only       # expected.json alone, the documents left as they are

The source content lives in this script. It writes flat OpenDocument sources (.fodt, .fods) that LibreOffice
headless converts to DOCX, PDF, XLSX and XLS, builds the PPTX with python-pptx, and writes MD and CSV directly.
expected.json holds, per file, the words, table rows, headings and notes taken from this source content, never
from reading the produced files back, so the tests score the parsers against what the author wrote.
"""
import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from xml.sax.saxutils import escape

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'test', 'fixtures', 'corpus')

# ---------------------------------------------------------------------------------------------------------------
# Source content
# ---------------------------------------------------------------------------------------------------------------

TITLE = 'Grant Application Rubric'
INTRO = ('This rubric guides reviewers of the community research grant. Score every criterion, '
         'then add the weighted scores to reach the total.')
CRITERIA_HEADING = 'Scoring Criteria'
CRITERIA = [
    ['Criterion', 'Weight', 'Excellent', 'Adequate', 'Poor'],
    ['Clarity of aims', '30%', 'Specific aims', 'Vague aims', 'No aims stated'],
    ['Methodology', '25%', 'Fits every aim', 'Fits most aims', 'Methods missing'],
    ['Budget realism', '20%', 'Costs justified', 'Most justified', 'Unexplained'],
    ['Team expertise', '15%', 'Every skill', 'Core skills only', 'Skills absent'],
    # The last two descriptors are one merged cell in the documents: its text is expected in both columns.
    ['Compliance', '10%', 'All forms complete', 'A missing form lowers the score', 'A missing form lowers the score'],
]
MERGED_ROW = 5  # CRITERIA row whose columns 3 and 4 are one merged cell
PROCESS_HEADING = 'Review Process'
PROCESS = [
    ('Read the whole application once', ['Note the requested budget total', 'Check the project timeline']),
    ('Score each criterion separately', ['Quote the passage that supports the score']),
    ('Write a short summary for the panel', []),
]
BANDS_HEADING = 'Budget Bands'
BANDS = [
    ['Band', 'Range', 'Panel'],
    ['Small', 'Up to 10,000 EUR', 'Regional panel'],
    ['Medium', '10,001 to 50,000 EUR', 'National panel'],
    ['Large', 'Over 50,000 EUR', 'Board review | full'],
]
FOOTNOTE_LEAD = 'Reviewers declare any conflict of interest before scoring.'
FOOTNOTE = 'A conflict includes any shared employer within the last three years.'
GUIDANCE_HEADING = 'Reviewer Guidance'
COLUMN_SENTENCES = [
    'Alpha sentence opens the first column and explains why reviewers read slowly.',
    'Bravo sentence reminds reviewers that evidence must come from the application itself.',
    'Charlie sentence asks for one quotation for every score given to an applicant.',
    'Delta sentence warns against rewarding length instead of substance in any section.',
    'Echo sentence notes that budgets in foreign currencies are converted at the call rate.',
    'Foxtrot sentence explains that late annexes are never read by the panel.',
    'Golf sentence says ties between applications are broken by the clarity score.',
    'Hotel sentence reminds the panel chair to record every dissenting opinion in writing.',
    'India sentence asks reviewers to flag any ethical concern to the programme officer.',
    'Juliet sentence describes how scores are published to applicants after the meeting.',
    'Kilo sentence explains that appeals are possible only on procedural grounds.',
    'Lima sentence closes the second column and thanks reviewers for their careful work.',
]
LOG_HEADING = 'Scoring Log'
LOG = [['Application', 'Reviewer', 'Score', 'Decision']] + [
    [f'APP-{100 + i}', ['Ana Ruiz', 'Ben Okafor', 'Chen Wei', 'Dara Singh'][i % 4], str(40 + (i * 7) % 60),
     'Funded' if (40 + (i * 7) % 60) >= 70 else 'Declined']
    for i in range(48)
]

SHEET_RUBRIC = 'Rubric'
SHEET_BANDS = 'Budget Bands'
SHEET_RUBRIC_ROWS = CRITERIA
SHEET_BANDS_ROWS = BANDS

SLIDES = [
    {
        'title': 'Grant Review Briefing',
        'bullets': [('Why the rubric exists', 0), ('Fair and comparable scores', 1), ('Quotes as evidence', 1),
                    ('How the panel meets', 0)],
        'notes': 'Welcome the reviewers and explain that every score needs a supporting quotation.',
    },
    {
        'title': 'Criteria at a Glance',
        'table': [
            ['Criterion', 'Weight', 'Top descriptor', 'Bottom descriptor'],
            ['Clarity of aims', '30%', 'Specific and measurable', 'No aims stated'],
            ['Methodology', '25%', 'Methods fit every aim', 'Methods missing'],
            ['Budget realism', '20%', 'Every cost justified', 'Costs unexplained'],
        ],
        'notes': 'Point out that clarity carries the largest weight and breaks ties between applications.',
    },
    {
        'title': 'Timeline',
        'bullets': [('Scores due two weeks after the call closes', 0), ('Panel meeting in the third week', 0)],
        'notes': 'Remind everyone that late scores delay the whole panel and the published results.',
    },
]

MARKDOWN_SOURCE_HEADINGS = [TITLE, CRITERIA_HEADING, PROCESS_HEADING, BANDS_HEADING]


# ---------------------------------------------------------------------------------------------------------------
# Writers
# ---------------------------------------------------------------------------------------------------------------

def x(text):
    return escape(text)


NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
      'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
      'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
      'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
      'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
      'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
      'office:version="1.3"')


def fodt_table(name, rows, merged_row=None):
    cols = len(rows[0])
    out = [f'<table:table table:name="{x(name)}" table:style-name="Tbl">',
           f'<table:table-column table:number-columns-repeated="{cols}"/>',
           '<table:table-header-rows>', fodt_row(rows[0], 'TH'), '</table:table-header-rows>']
    for i, row in enumerate(rows[1:], start=1):
        out.append(fodt_row(row, 'TD', merge_last=(i == merged_row)))
    out.append('</table:table>')
    return '\n'.join(out)


def fodt_row(cells, style, merge_last=False):
    parts = ['<table:table-row>']
    if merge_last:
        for cell in cells[:-2]:
            parts.append(f'<table:table-cell><text:p text:style-name="{style}">{x(cell)}</text:p></table:table-cell>')
        parts.append('<table:table-cell table:number-columns-spanned="2">'
                     f'<text:p text:style-name="{style}">{x(cells[-2])}</text:p></table:table-cell>'
                     '<table:covered-table-cell/>')
    else:
        for cell in cells:
            parts.append(f'<table:table-cell><text:p text:style-name="{style}">{x(cell)}</text:p></table:table-cell>')
    parts.append('</table:table-row>')
    return ''.join(parts)


def fodt():
    body = [
        f'<text:h text:style-name="Heading_20_1" text:outline-level="1">{x(TITLE)}</text:h>',
        f'<text:p text:style-name="Body">{x(INTRO)}</text:p>',
        f'<text:h text:style-name="Heading_20_2" text:outline-level="2">{x(CRITERIA_HEADING)}</text:h>',
        fodt_table('Criteria', CRITERIA, MERGED_ROW),
        f'<text:h text:style-name="Heading_20_2" text:outline-level="2">{x(PROCESS_HEADING)}</text:h>',
        '<text:list text:style-name="L1">',
    ]
    for item, children in PROCESS:
        body.append(f'<text:list-item><text:p text:style-name="Body">{x(item)}</text:p>')
        if children:
            body.append('<text:list>')
            for child in children:
                body.append(f'<text:list-item><text:p text:style-name="Body">{x(child)}</text:p></text:list-item>')
            body.append('</text:list>')
        body.append('</text:list-item>')
    body += [
        '</text:list>',
        f'<text:h text:style-name="Heading_20_2" text:outline-level="2">{x(BANDS_HEADING)}</text:h>',
        fodt_table('Bands', BANDS),
        f'<text:p text:style-name="Body">{x(FOOTNOTE_LEAD)}<text:note text:id="n1" text:note-class="footnote">'
        f'<text:note-citation>1</text:note-citation><text:note-body><text:p text:style-name="Body">{x(FOOTNOTE)}'
        '</text:p></text:note-body></text:note></text:p>',
        f'<text:h text:style-name="Heading1Break" text:outline-level="1">{x(GUIDANCE_HEADING)}</text:h>',
        '<text:section text:style-name="TwoCols" text:name="Columns">',
        f'<text:p text:style-name="Body">{x(" ".join(COLUMN_SENTENCES))}</text:p>',
        '</text:section>',
        f'<text:h text:style-name="Heading_20_2" text:outline-level="2">{x(LOG_HEADING)}</text:h>',
        fodt_table('Log', LOG),
    ]
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<office:document {NS} office:mimetype="application/vnd.oasis.opendocument.text">
<office:styles>
 <style:style style:name="Standard" style:family="paragraph"><style:text-properties fo:font-size="11pt"/></style:style>
 <style:style style:name="Body" style:family="paragraph" style:parent-style-name="Standard">
  <style:paragraph-properties fo:margin-bottom="0.2cm"/></style:style>
 <style:style style:name="Heading" style:family="paragraph" style:parent-style-name="Standard"/>
 <style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph"
   style:parent-style-name="Heading" style:default-outline-level="1">
  <style:paragraph-properties fo:margin-top="0.4cm" fo:margin-bottom="0.3cm"/>
  <style:text-properties fo:font-size="20pt" fo:font-weight="bold"/></style:style>
 <style:style style:name="Heading_20_2" style:display-name="Heading 2" style:family="paragraph"
   style:parent-style-name="Heading" style:default-outline-level="2">
  <style:paragraph-properties fo:margin-top="0.4cm" fo:margin-bottom="0.2cm"/>
  <style:text-properties fo:font-size="15pt" fo:font-weight="bold"/></style:style>
 <style:style style:name="TH" style:family="paragraph" style:parent-style-name="Standard">
  <style:text-properties fo:font-size="9pt" fo:font-weight="bold"/></style:style>
 <style:style style:name="TD" style:family="paragraph" style:parent-style-name="Standard">
  <style:text-properties fo:font-size="9pt"/></style:style>
</office:styles>
<office:automatic-styles>
 <style:style style:name="Heading1Break" style:family="paragraph" style:parent-style-name="Heading_20_1">
  <style:paragraph-properties fo:break-before="page"/></style:style>
 <style:style style:name="Tbl" style:family="table"><style:table-properties style:width="17cm" table:align="margins"/>
 </style:style>
 <style:style style:name="TwoCols" style:family="section"><style:section-properties>
  <style:columns fo:column-count="2" fo:column-gap="1cm"/></style:section-properties></style:style>
 <text:list-style style:name="L1">
  <text:list-level-style-bullet text:level="1" text:bullet-char="•"><style:list-level-properties
    text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment
    text:label-followed-by="listtab" fo:text-indent="-0.5cm" fo:margin-left="1cm"/></style:list-level-properties>
  </text:list-level-style-bullet>
  <text:list-level-style-bullet text:level="2" text:bullet-char="◦"><style:list-level-properties
    text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment
    text:label-followed-by="listtab" fo:text-indent="-0.5cm" fo:margin-left="2cm"/></style:list-level-properties>
  </text:list-level-style-bullet>
 </text:list-style>
</office:automatic-styles>
<office:body><office:text>
{chr(10).join(body)}
</office:text></office:body></office:document>
'''


def fods():
    def sheet(name, rows, merged_row=None):
        out = [f'<table:table table:name="{x(name)}">',
               f'<table:table-column table:number-columns-repeated="{len(rows[0])}"/>']
        for i, row in enumerate(rows):
            out.append(fodt_row(row, 'Default', merge_last=(i == merged_row)).replace(' text:style-name="Default"', ''))
        out.append('</table:table>')
        return '\n'.join(out)

    return f'''<?xml version="1.0" encoding="UTF-8"?>
<office:document {NS} office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:body><office:spreadsheet>
{sheet(SHEET_RUBRIC, SHEET_RUBRIC_ROWS, MERGED_ROW)}
{sheet(SHEET_BANDS, SHEET_BANDS_ROWS)}
</office:spreadsheet></office:body></office:document>
'''


def markdown():
    lines = [f'# {TITLE}', '', INTRO, '', f'## {CRITERIA_HEADING}', '']
    lines += md_table(CRITERIA)
    lines += ['', f'## {PROCESS_HEADING}', '']
    for item, children in PROCESS:
        lines.append(f'- {item}')
        lines += [f'  - {child}' for child in children]
    lines += ['', f'## {BANDS_HEADING}', '']
    lines += md_table(BANDS)
    return '\n'.join(lines) + '\n'


def md_table(rows):
    cell = lambda c: c.replace('|', '\\|')
    out = ['| ' + ' | '.join(cell(c) for c in rows[0]) + ' |', '|' + '---|' * len(rows[0])]
    out += ['| ' + ' | '.join(cell(c) for c in row) + ' |' for row in rows[1:]]
    return out


def csv_text():
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator='\n').writerows(CRITERIA)
    return buffer.getvalue()


def pptx(path):
    from pptx import Presentation
    from pptx.util import Inches

    deck = Presentation()
    for spec in SLIDES:
        slide = deck.slides.add_slide(deck.slide_layouts[5 if 'table' in spec else 1])
        slide.shapes.title.text = spec['title']
        if 'bullets' in spec:
            frame = slide.placeholders[1].text_frame
            for i, (text, level) in enumerate(spec['bullets']):
                paragraph = frame.paragraphs[0] if i == 0 else frame.add_paragraph()
                paragraph.text = text
                paragraph.level = level
        if 'table' in spec:
            rows = spec['table']
            shape = slide.shapes.add_table(len(rows), len(rows[0]), Inches(0.5), Inches(1.8), Inches(9), Inches(3))
            for r, row in enumerate(rows):
                for c, value in enumerate(row):
                    shape.table.cell(r, c).text = value
        slide.notes_slide.notes_text_frame.text = spec['notes']
    deck.save(path)


# ---------------------------------------------------------------------------------------------------------------
# Expectations (from the source content above)
# ---------------------------------------------------------------------------------------------------------------

def words(*texts):
    # Letters and digits only, as the tests split the extracted text (/[\p{L}\p{N}]+/u).
    return [w for t in texts for w in re.findall(r'[^\W_]+', t)]


def flatten(rows):
    return [c for row in rows for c in row]


def document_expectation(with_columns):
    texts = [TITLE, INTRO, CRITERIA_HEADING, PROCESS_HEADING, BANDS_HEADING, FOOTNOTE_LEAD, FOOTNOTE,
             GUIDANCE_HEADING, LOG_HEADING]
    texts += [item for item, children in PROCESS] + [c for _, children in PROCESS for c in children]
    cells = flatten(CRITERIA[:MERGED_ROW]) + CRITERIA[MERGED_ROW][:-1] + flatten(BANDS) + flatten(LOG)
    return {
        'words': words(*texts, *cells, *COLUMN_SENTENCES),
        'headings': [TITLE, CRITERIA_HEADING, PROCESS_HEADING, BANDS_HEADING, GUIDANCE_HEADING, LOG_HEADING],
        'rows': CRITERIA + BANDS + LOG,
        'list_items': [item for item, _ in PROCESS] + [c for _, children in PROCESS for c in children],
        'columns': COLUMN_SENTENCES if with_columns else [],
    }


def first_page_expectation():
    # Everything before GUIDANCE_HEADING, which starts a new page (Heading1Break): the first page of rubric.pdf,
    # footnote included. The scanned corpus (scripts/make-scanned-corpus.ts) scores its single-page files by it.
    texts = [TITLE, INTRO, CRITERIA_HEADING, PROCESS_HEADING, BANDS_HEADING, FOOTNOTE_LEAD, FOOTNOTE]
    texts += [item for item, children in PROCESS] + [c for _, children in PROCESS for c in children]
    cells = flatten(CRITERIA[:MERGED_ROW]) + CRITERIA[MERGED_ROW][:-1] + flatten(BANDS)
    return {'words': words(*texts, *cells), 'rows': CRITERIA + BANDS}


def expectations():
    sheets = {
        'words': words(SHEET_RUBRIC, SHEET_BANDS, *flatten(CRITERIA[:MERGED_ROW]), *CRITERIA[MERGED_ROW][:-1],
                       *flatten(BANDS)),
        'headings': [SHEET_RUBRIC, SHEET_BANDS],
        'rows': CRITERIA + BANDS,
    }
    slide_texts = []
    slide_rows = []
    for spec in SLIDES:
        slide_texts.append(spec['title'])
        slide_texts += [text for text, _ in spec.get('bullets', [])]
        slide_texts += flatten(spec.get('table', []))
        slide_texts.append(spec['notes'])
        slide_rows += spec.get('table', [])
    return {
        'rubric.docx': document_expectation(False),
        'rubric.pdf': {**document_expectation(True), 'first_page': first_page_expectation()},
        'rubric.xlsx': sheets,
        'rubric.xls': sheets,
        'briefing.pptx': {
            'words': words(*slide_texts),
            'headings': [spec['title'] for spec in SLIDES],
            'rows': slide_rows,
            'notes': [spec['notes'] for spec in SLIDES],
        },
        'rubric.md': {
            'words': words(TITLE, INTRO, CRITERIA_HEADING, PROCESS_HEADING, BANDS_HEADING, *flatten(CRITERIA),
                           *flatten(BANDS), *[i for i, _ in PROCESS], *[c for _, cs in PROCESS for c in cs]),
            'headings': MARKDOWN_SOURCE_HEADINGS,
            'rows': CRITERIA + BANDS,
        },
        'criteria.csv': {'words': words(*flatten(CRITERIA)), 'headings': [], 'rows': CRITERIA},
    }


def convert(source, target_ext, workdir, filter_name=None):
    target = f'{target_ext}:{filter_name}' if filter_name else target_ext
    subprocess.run(['soffice', '--headless', '--norestore', f'-env:UserInstallation=file://{workdir}/profile',
                    '--convert-to', target, '--outdir', workdir, source], check=True, stdout=subprocess.DEVNULL)


def write_expected():
    with open(os.path.join(OUT, 'expected.json'), 'w', encoding='utf-8') as f:
        json.dump(expectations(), f, indent=1, ensure_ascii=False)
        f.write('\n')


def main():
    os.makedirs(OUT, exist_ok=True)
    if '--expected-only' in sys.argv:
        # The expectations alone (no soffice, no python-pptx): after editing them, the documents unchanged.
        write_expected()
        return
    with tempfile.TemporaryDirectory() as work:
        odt = os.path.join(work, 'rubric.fodt')
        ods = os.path.join(work, 'rubric.fods')
        with open(odt, 'w', encoding='utf-8') as f:
            f.write(fodt())
        with open(ods, 'w', encoding='utf-8') as f:
            f.write(fods())
        convert(odt, 'docx', work, 'MS Word 2007 XML')
        convert(odt, 'pdf', work, 'writer_pdf_Export')
        convert(ods, 'xlsx', work, 'Calc MS Excel 2007 XML')
        convert(ods, 'xls', work, 'MS Excel 97')
        for name in ['rubric.docx', 'rubric.pdf', 'rubric.xlsx', 'rubric.xls']:
            shutil.copy(os.path.join(work, name), os.path.join(OUT, name))
    pptx(os.path.join(OUT, 'briefing.pptx'))
    with open(os.path.join(OUT, 'rubric.md'), 'w', encoding='utf-8') as f:
        f.write(markdown())
    with open(os.path.join(OUT, 'criteria.csv'), 'w', encoding='utf-8') as f:
        f.write(csv_text())
    write_expected()
    for name in sorted(os.listdir(OUT)):
        print(f'{name}\t{os.path.getsize(os.path.join(OUT, name))} bytes', file=sys.stderr)


if __name__ == '__main__':
    main()
