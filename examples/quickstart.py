import os

from assay import Assay

client = Assay(
    api_key=os.environ["ASSAY_API_KEY"],  # a test key (ak_test_…) runs the whole pipeline for free
    base_url=os.environ.get("ASSAY_BASE_URL", "http://127.0.0.1:8080/v1"),
)

document = client.documents.upload("examples/essay.txt")
workflow = client.workflows.create(
    product_code="essay_grading",
    name="Essays",
    prompt_template_id="tpl_rubric_scoring",
)
run = client.runs.create(workflow.id, input_documents=[document.id])
finished = client.runs.wait(run.id)
output = client.runs.output(finished.id)

print(f"{finished.id} {finished.status} ({output.mime_type})")
print(output.text())
