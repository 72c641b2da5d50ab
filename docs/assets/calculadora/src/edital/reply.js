// A reply of the page's worker to a command other than the edital itself (the PDF's table, the report): its
// result, or the one message the reader is shown instead.
import { pythonWhy } from "./page.js";

export function replyOf(answer, what) {
  if (answer.failed) return { message: `${what} ${pythonWhy()}` };
  if (answer.crash) return { message: `Erro inesperado na calculadora: ${answer.crash}` };
  const response = JSON.parse(answer.response);
  return response.ok ? { result: response.result } : { message: response.error.message };
}
