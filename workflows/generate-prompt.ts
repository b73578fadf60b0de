/** `prompt-<request id>`: drafts an evaluation prompt (one activity; the API waits for the result). */
import { proxyActivities } from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';
import type { GeneratePromptInput, GeneratedPromptResult } from '../domain/jobs/contract';

const { generatePrompt: draft } = proxyActivities<ActivitiesOf<'generatePrompt'>>({
  startToCloseTimeout: '2 minutes',
  // The API waits 30 s for the draft: a worker lost inside the model call is noticed in time for a second attempt.
  heartbeatTimeout: '15 seconds',
  retry: { maximumAttempts: 2 },
});

export async function generatePrompt(input: GeneratePromptInput): Promise<GeneratedPromptResult> {
  return draft(input);
}
