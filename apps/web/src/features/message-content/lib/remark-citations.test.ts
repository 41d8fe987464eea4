import { describe, expect, it } from 'vitest';
import { splitMarkers } from './remark-citations.ts';

function shape(text: string, count: number) {
  return splitMarkers(text, count)?.map((node) =>
    node.type === 'text'
      ? node.value
      : {
          citations: (node.data?.hProperties as { dataCitations?: string } | undefined)
            ?.dataCitations,
        },
  );
}

describe('splitMarkers', () => {
  it('splits prose around single, grouped and adjacent markers', () => {
    expect(shape('Truth [1] and [2, 3].', 3)).toEqual([
      'Truth ',
      { citations: '1' },
      ' and ',
      { citations: '2,3' },
      '.',
    ]);
    expect(shape('[1][2]', 2)).toEqual([{ citations: '1' }, { citations: '2' }]);
    expect(shape('[ 1 ,2 ]', 2)).toEqual([{ citations: '1,2' }]);
  });

  it('leaves text without a matching source alone', () => {
    expect(shape('See [9].', 2)).toBeUndefined();
    expect(shape('An array [0] or a [link] or [1.5]', 2)).toBeUndefined();
    expect(shape('No markers here', 2)).toBeUndefined();
    expect(shape('[1]', 0)).toBeUndefined();
  });

  it('keeps a mixed group as one marker, numbers and all', () => {
    expect(shape('x [2, 9]', 2)).toEqual(['x ', { citations: '2,9' }]);
  });
});
