import type { UseFormRegisterReturn } from 'react-hook-form';
import { bookDefects } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';

const m = texts.defects;

/** The add-a-book form's checklist of defects beside the condition: one checkbox each, all optional. */
export function DefectsField({ field }: { field: UseFormRegisterReturn<'defects'> }) {
  return (
    <fieldset className="fieldset md:col-span-2" aria-describedby="defects-hint">
      <legend className="fieldset-legend">{m.legend}</legend>
      <p id="defects-hint" className="text-sm text-base-content/70">
        {m.hint}
      </p>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {bookDefects.map((defect) => (
          <label key={defect} className="label cursor-pointer gap-2 text-base-content">
            <input {...field} type="checkbox" value={defect} className="checkbox checkbox-sm" />
            {m.labels[defect]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
