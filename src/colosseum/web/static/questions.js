// A question's form, drawn from its fields as the server describes them (names to tick, rows
// to fill, a choice, a number, dice), and the answer read back: one key per field. The page
// knows no question of its own; every check is the server's.

const make = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

function options(choices, empty) {
  const list = empty === undefined ? [] : [make("option", { value: "", textContent: empty })];
  for (const choice of choices) list.push(make("option", { value: choice.value, textContent: choice.label }));
  return list;
}

function namesField(field) {
  const box = make("fieldset", { className: "names" }, make("legend", {
    textContent: field.max ? `${field.label} (at most ${field.max})` : field.label,
  }));
  for (const choice of field.choices) {
    const input = make("input", { type: "checkbox", name: field.key, value: choice.value });
    box.append(make("label", { className: "check" }, input, ` ${choice.label}`));
  }
  return box;
}

function rowsField(field) {
  const body = make("tbody");
  const addRow = () => {
    const cells = field.columns.map((column) => {
      const input = column.type === "select"
        ? make("select", { name: column.key }, ...options(column.choices, "—"))
        : make("input", { name: column.key, maxLength: 100 });
      input.setAttribute("aria-label", column.label);
      return make("td", {}, input);
    });
    const remove = make("button", { type: "button", textContent: "Remove", className: "remove" });
    const row = make("tr", {}, ...cells, make("td", {}, remove));
    remove.addEventListener("click", () => row.remove());
    body.append(row);
  };
  const head = make("tr", {}, ...field.columns.map((c) => make("th", { textContent: c.label })), make("th"));
  const add = make("button", { type: "button", textContent: "Add a row", className: "add" });
  add.addEventListener("click", addRow);
  for (let n = 0; n < (field.min || 0); n += 1) addRow(); // rows a required answer needs
  return make("fieldset", { className: "rows" }, make("legend", { textContent: field.label }),
    make("table", {}, make("thead", {}, head), body), add);
}

function selectField(field) {
  return make("label", {}, `${field.label} `, make("select", { name: field.key }, ...options(field.choices, "none")));
}

function numberField(field) {
  const input = make("input", { type: "number", name: field.key });
  if (field.min !== null && field.min !== undefined) input.min = field.min;
  return make("label", {}, `${field.label} `, input);
}

function diceField(field) {
  const box = make("fieldset", { className: "dice" }, make("legend", { textContent: field.label }));
  for (let n = 0; n < field.count; n += 1) {
    const input = make("input", { type: "number", name: field.key, min: 1, max: 6, required: true });
    input.setAttribute("aria-label", `die ${n + 1}`);
    box.append(input);
  }
  return box;
}

const DRAW = { names: namesField, rows: rowsField, select: selectField, number: numberField, dice: diceField };

export function drawQuestion(form, question) {
  form.dataset.kind = question.kind;
  form.dataset.question = question.id;
  const parts = question.fields.map((field) => {
    const part = DRAW[field.type](field);
    part.dataset.key = field.key;
    part.dataset.type = field.type;
    return part;
  });
  form.replaceChildren(...parts, make("button", { type: "submit", textContent: "Answer", id: "answer-button" }));
}

function readField(part) {
  const key = part.dataset.key;
  switch (part.dataset.type) {
    case "names":
      return [...part.querySelectorAll(`input[name="${key}"]:checked`)].map((i) => i.value);
    case "rows":
      return [...part.querySelectorAll("tbody tr")].map((row) => {
        const values = {};
        for (const input of row.querySelectorAll("input, select")) values[input.name] = input.value.trim();
        return values;
      }).filter((values) => Object.values(values).some((v) => v !== ""));
    case "number": {
      const text = part.querySelector("input").value.trim();
      return text === "" ? null : Number(text);
    }
    case "dice":
      return [...part.querySelectorAll("input")].map((i) => Number(i.value));
    default:
      return part.querySelector("select").value;
  }
}

export function readAnswer(form) {
  const answer = {};
  for (const part of form.querySelectorAll("[data-key]")) answer[part.dataset.key] = readField(part);
  return answer;
}
