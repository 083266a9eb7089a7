// A ludus as the careers forms give it: its lanista, four Tiro (name and armatura) and its
// first servitor; the server checks it as `colosseum career new` does.

export function readLudus(form, prefix = "ludus") {
  const value = (name) => (form.elements[`${prefix}-${name}`]?.value ?? "").trim();
  const gladiators = [];
  for (let n = 0; n < 4; n += 1) {
    gladiators.push({ name: value(`name-${n}`), armatura: value(`armatura-${n}`) });
  }
  return { lanista: value("lanista"), gladiators, servitor: value("servitor") };
}

export function numberOrNull(text) {
  const trimmed = String(text ?? "").trim();
  return trimmed === "" ? null : Number(trimmed);
}
