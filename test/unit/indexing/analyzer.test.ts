import { analyze, singular } from '../../../activities/indexing/analyzer';

describe('analyzer', () => {
  it('lowercases, strips punctuation and drops stop words and one-letter words', () => {
    expect(analyze('How many POINTS, for citing (credible) sources?! A b 7')).toEqual([
      'point',
      'citing',
      'credible',
      'source',
      '7',
    ]);
  });

  it('folds accents in Latin script and joins inner apostrophes', () => {
    expect(analyze('Résumé naïve café')).toEqual(['resume', 'naive', 'cafe']);
    expect(analyze("the student's sources aren’t")).toEqual(['student', 'source', 'arent']);
  });

  it('keeps non-Latin scripts intact and cuts CJK runs into bigrams', () => {
    expect(analyze('Правила оценки')).toEqual(['правила', 'оценки']);
    expect(analyze('評価基準')).toEqual(['評価', '価基', '基準']);
    expect(analyze('本')).toEqual(['本']);
    expect(analyze('เกณฑ์')).toEqual(['เก', 'กณ', 'ณฑ', 'ฑ์']);
  });

  it('reduces plurals to singular and nothing else', () => {
    const cases: Array<[string, string]> = [
      ['sources', 'source'],
      ['policies', 'policy'],
      ['classes', 'class'],
      ['matches', 'match'],
      ['points', 'point'],
      ['analysis', 'analysis'],
      ['status', 'status'],
      ['process', 'process'],
      ['policy', 'policy'],
      ['police', 'police'],
      ['citation', 'citation'],
      ['gas', 'gas'],
      ['1990s', '1990s'],
    ];
    for (const [word, expected] of cases) expect(singular(word)).toBe(expected);
    for (const [word] of cases) expect(singular(singular(word))).toBe(singular(word)); // idempotent
  });
});
