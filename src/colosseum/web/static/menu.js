// The seat's legal actions as a list of buttons (each shows its notation), and the
// notation box with completion from the same list.

export function showActions(list, datalist, legal, play) {
  const items = legal.map(({ notation, label }) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.notation = notation;
    const words = document.createElement("span");
    words.textContent = label;
    button.append(words);
    if (!label.toLowerCase().startsWith(notation.toLowerCase())) {
      const code = document.createElement("code");
      code.textContent = notation;
      button.append(" ", code);
    }
    button.addEventListener("click", () => play(notation));
    item.append(button);
    return item;
  });
  list.replaceChildren(...items);
  datalist.replaceChildren(
    ...legal.map(({ notation }) => {
      const option = document.createElement("option");
      option.value = notation;
      return option;
    }),
  );
}

export function bindNotationBox(form, input, play) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    play(text).then((ok) => {
      if (ok) input.value = "";
    });
  });
}
