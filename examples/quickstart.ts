import { Assay } from '@assay/sdk';

async function main() {
  const assay = new Assay({
    apiKey: process.env.ASSAY_API_KEY, // a test key (ak_test_…) runs the whole pipeline for free
    baseUrl: process.env.ASSAY_BASE_URL ?? 'http://127.0.0.1:8080/v1',
  });

  const document = await assay.documents.upload('examples/essay.txt');
  const workflow = await assay.workflows.create({
    product_code: 'essay_grading',
    name: 'Essays',
    prompt_template_id: 'tpl_rubric_scoring',
  });
  const run = await assay.runs.create(workflow.id, { input_documents: [document.id] });
  const finished = await assay.runs.wait(run.id);
  const output = await assay.runs.output(finished.id);

  console.log(`${finished.id} ${finished.status} (${output.mimeType})`);
  console.log(output.text());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
