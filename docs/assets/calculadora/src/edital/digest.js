// The SHA-256 of what the report names as its input (a file's bytes, or a typed or pasted table's UTF-8
// text), in hex, as `sha256sum` prints it.

export const NOT_SECURE = "O relatório precisa da página aberta por https (ou do endereço local, " +
  "127.0.0.1): é nela que o navegador calcula a impressão digital (SHA-256) dos arquivos.";

export async function sha256Hex(data) {
  // crypto.subtle exists only in a secure context (https, localhost, a file opened from disk)
  if (!self.isSecureContext || !self.crypto || !crypto.subtle) throw new Error(NOT_SECURE);
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
