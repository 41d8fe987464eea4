import type { RunFigures, SliceFigures } from '@samvad/contracts/quality-runs';
import { bodyRowClass, headRowClass, TableFrame, Td, Th } from './data-table.tsx';

export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A run's figures: overall, then per language and per kind, one row each. */
export function QualityRunFigures({ figures, label }: { figures: RunFigures; label: string }) {
  const rows: [string, SliceFigures][] = [
    ['All questions', figures.overall],
    ...Object.entries(figures.byLanguage).map(([name, slice]): [string, SliceFigures] => [
      `Language: ${name}`,
      slice,
    ]),
    ...Object.entries(figures.byKind).map(([name, slice]): [string, SliceFigures] => [
      `Kind: ${name}`,
      slice,
    ]),
  ];
  return (
    <TableFrame label={label} className="min-w-[720px]">
      <thead>
        <tr className={headRowClass}>
          <Th>Slice</Th>
          <Th>Questions</Th>
          <Th>Hit@1</Th>
          <Th>Hit@3</Th>
          <Th>Hit@5</Th>
          <Th>MRR</Th>
          <Th>False refusals</Th>
          <Th>Refusals (unanswerable)</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, slice]) => (
          <tr key={name} className={bodyRowClass}>
            <Td className="font-medium">{name}</Td>
            <Td className="tabular-nums">{slice.questions}</Td>
            <Td className="tabular-nums">{slice.answerable ? percent(slice.hit1) : '—'}</Td>
            <Td className="tabular-nums">{slice.answerable ? percent(slice.hit3) : '—'}</Td>
            <Td className="tabular-nums">{slice.answerable ? percent(slice.hit5) : '—'}</Td>
            <Td className="tabular-nums">{slice.answerable ? slice.mrr5.toFixed(2) : '—'}</Td>
            <Td className="tabular-nums">
              {slice.answerable ? percent(slice.falseRefusals) : '—'}
            </Td>
            <Td className="tabular-nums">{slice.unanswerable ? percent(slice.refusals) : '—'}</Td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
