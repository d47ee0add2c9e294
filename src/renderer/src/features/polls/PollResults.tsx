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
      <caption>Results: {question}</caption>
      <thead>
        <tr>
          <th scope="col">Choice</th>
          <th scope="col">Answers</th>
        </tr>
      </thead>
      <tbody>
        {choices.map((choice) => (
          <tr key={choice.id}>
            <th scope="row">{choice.text}</th>
            <td>{results[choice.id] ?? 0}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
