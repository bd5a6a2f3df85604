// A parameter's rule, for k6 on its own: the values SET asks for, checked against the declaration's parameters before
// any VU starts, so that no app has to judge them. The rule itself is the lab's C# one (AsyncCapacity.Contracts'
// UserInput, Parameter and Experiment.TryResolveValues: the app's 400s and the CLI's --set); this file repeats it, and
// ParameterRuleTests runs it with Jint over a table of values and demands the same answers and the same messages.
// Plain JavaScript only (no k6 module), so that both engines can run it.

// The most characters of a value shown back; beyond them it is cut, with "…".
export const SHOWN_LENGTH = 32;

export function shown(raw) {
  const text = raw === undefined || raw === null ? '' : String(raw);
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}…` : text;
}

// A whole number within the bounds, in decimal digits with an optional sign ("+200" is 200); "1.5", "1e3", " 5", "" are not.
export function wholeNumber(name, raw, min, max) {
  const n = /^[+-]?[0-9]+$/.test(raw) ? Number(raw) : NaN;
  if (Number.isFinite(n) && n >= min && n <= max) return { value: String(n === 0 ? 0 : n) };
  return { error: `'${name}' must be a whole number from ${min} to ${max}; got '${shown(raw)}'.` };
}

// One of the choices, exactly as written there.
export function choice(name, raw, choices) {
  if (choices.includes(raw)) return { value: raw };
  return { error: `'${name}' must be one of ${choices.join(', ')}; got '${shown(raw)}'.` };
}

export function defaultOf(parameter) {
  return String(parameter.default);
}

// One parameter's value; a missing one (undefined) is its default. { value } with the canonical text, or { error }.
export function validate(parameter, raw) {
  const given = raw === undefined ? defaultOf(parameter) : raw;
  if (parameter.type === 'integer') return wholeNumber(parameter.name, given, parameter.min, parameter.max);
  return choice(parameter.name, given, parameter.choices || []);
}

// Every declared parameter's canonical value, in declaration order: the given ones checked, the others at their
// defaults. A name the declaration does not have (names match whatever their case), or a value its rule refuses, is an
// error keyed by the name as given. requested: [[name, value], ...] in the order given (the last of a name wins).
export function resolveValues(declaration, requested) {
  const parameters = declaration.parameters || [];
  const values = Object.fromEntries(parameters.map((p) => [p.name, defaultOf(p)]));
  const errors = {};
  for (const [name, raw] of requested) {
    const parameter = parameters.find((p) => p.name.toLowerCase() === name.toLowerCase());
    if (!parameter) {
      const declared = parameters.length === 0 ? 'none' : parameters.map((p) => p.name).join(', ');
      errors[name] = `${declaration.id} declares no parameter '${shown(name)}'; it declares ${declared}.`;
      continue;
    }
    const answer = validate(parameter, raw);
    if (answer.error === undefined) values[parameter.name] = answer.value;
    else errors[name] = answer.error;
  }
  return { values, errors };
}
