import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { PollChoice } from '../../../../contracts/poll-dtos.ts';

interface PollResultsProps {
  question: string;
  choices: readonly PollChoice[];
  /** choice id → number of answers, as the session's `results` counts them. */
  results: Readonly<Record<string, number>>;
}

/** The session's published results: how many answered each choice, as a table named for the question. */
export function PollResults({ question, choices, results }: PollResultsProps) {
  return (
    <table className="data-table">
      <caption>
        <FormattedMessage id="polls.results" defaultMessage="Results: {question}" values={{ question: <bdi>{question}</bdi> }} />
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <FormattedMessage id="polls.results.choice" defaultMessage="Choice" />
          </th>
          <th scope="col">
            <FormattedMessage id="polls.results.answers" defaultMessage="Answers" description="Column: how many answered each choice." />
          </th>
        </tr>
      </thead>
      <tbody>
        {choices.map((choice) => (
          <tr key={choice.id}>
            <th scope="row" dir="auto">
              {choice.text}
            </th>
            <td>
              <FormattedNumber value={results[choice.id] ?? 0} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
