import type { Dispatch, SetStateAction } from 'react';
import { ApiError } from '../../api/client';
import { QuestionFields } from '../../ui/QuestionFields';

/** FestivalQuestions shows each chosen festival's own questions, with the answers typed so far and the submission's errors per question. */
export function FestivalQuestions({
  slugs,
  answers,
  onChange,
  error,
  disabled,
}: {
  slugs: string[];
  answers: Record<number, string>;
  onChange: Dispatch<SetStateAction<Record<number, string>>>;
  error: unknown;
  disabled: boolean;
}) {
  return slugs.map((slug) => (
    <QuestionFields
      key={`questions-${slug}`}
      slug={slug}
      values={answers}
      onChange={(id, v) => onChange((a) => ({ ...a, [id]: v }))}
      errors={error instanceof ApiError ? error.fields : {}}
      disabled={disabled}
    />
  ));
}
