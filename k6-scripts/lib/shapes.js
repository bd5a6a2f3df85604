// What each variant sends: its body (a JSON value, or a file's content) with {vu}, {iteration} and {step} filled in per
// request, its content type and its headers. A variant's own body, bodyFile, contentType and headers override the
// declaration's. A header names a secret as {env:NAME}, read here from k6's environment, so that no token is ever
// written into a declaration or a results file. Runs in k6's init context, where open() reads files.
import exec from 'k6/execution';

const contentTypes = { json: 'application/json', xml: 'application/xml', txt: 'text/plain', csv: 'text/csv' };

export function requestShapes(declaration, baseDir) {
  return Object.fromEntries(declaration.variants.map((v) => [v.name, shapeOf(declaration, v, baseDir)]));
}

// The body of one request: the template with this iteration's {vu}, {iteration} and {step}.
export function fillBody(template) {
  if (template === null) return null;
  return template
    .replaceAll('{vu}', String(exec.vu.idInTest))
    .replaceAll('{iteration}', String(exec.vu.iterationInScenario))
    .replaceAll('{step}', exec.scenario.name);
}

function shapeOf(declaration, variant, baseDir) {
  const own = variant.body !== undefined || variant.bodyFile !== undefined;
  const from = own ? variant : declaration;
  const template = from.bodyFile !== undefined ? readBody(from.bodyFile, baseDir)
    : from.body !== undefined ? JSON.stringify(from.body) : null;
  const contentType = variant.contentType || declaration.contentType
    || (from.bodyFile !== undefined ? byExtension(from.bodyFile) : template !== null ? contentTypes.json : undefined);
  const headers = { ...(contentType ? { 'Content-Type': contentType } : {}),
    ...withSecrets(declaration.headers), ...withSecrets(variant.headers) };
  return { template, headers };
}

function readBody(file, baseDir) {
  const path = file.startsWith('/') ? file : `${baseDir.replace(/\/+$/, '')}/${file}`;
  try {
    return open(path);
  } catch (e) {
    throw new Error(`bodyFile "${file}": no such file at ${path} (a bodyFile is relative to its declaration's folder)`);
  }
}

function byExtension(file) {
  const dot = file.lastIndexOf('.');
  return contentTypes[dot < 0 ? '' : file.slice(dot + 1).toLowerCase()] || 'application/octet-stream';
}

function withSecrets(headers) {
  return Object.fromEntries(Object.entries(headers || {}).map(([name, value]) => [name,
    String(value).replace(/\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, variable) => {
      const secret = __ENV[variable];
      if (secret === undefined) throw new Error(`header ${name}: {env:${variable}} names ${variable}, which is not set in the environment`);
      return secret;
    })]));
}
