// Each norm's precomputed answers (respostas/<slug>.js), loaded when the norm is chosen.
import { HERE, NORMS } from "./config.js";
import { ANSWERS } from "./tables.js";

// Each norm's answers (respostas/<slug>.js, a classic script that adds ANSWERS.norms[slug], so it loads from
// disk too) are loaded when the norm is chosen: what a visitor downloads does not grow with the number of
// norms. Resolves to whether the norm's answers are there.
const answersLoading = {};
export function loadAnswers(slug) {
  if (!ANSWERS || !Object.hasOwn(NORMS, slug)) return Promise.resolve(false);
  if (ANSWERS.norms[slug]) return Promise.resolve(true);
  if (!answersLoading[slug]) {
    answersLoading[slug] = new Promise((resolve) => {
      const script = document.createElement("script");
      script.src = new URL(`respostas/${encodeURIComponent(slug)}.js`, HERE).href;
      script.onload = () => resolve(Boolean(ANSWERS.norms[slug]));
      script.onerror = () => {
        delete answersLoading[slug]; // a later question tries again (Python answers this one)
        script.remove();
        resolve(false);
      };
      document.head.appendChild(script);
    });
  }
  return answersLoading[slug];
}
