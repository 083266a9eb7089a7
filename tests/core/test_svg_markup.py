"""The SVG markup every board is written with (core/svg.py): attributes escaped, left out when
None, named from keywords; escaped words are remembered, so values that look alike but write
differently (1, 1.0, True) and values that cannot be remembered (a list) come out right."""

from __future__ import annotations

from colosseum.core import svg
from colosseum.core.svg import el, num, safe, text, title


def test_attributes_escaped_named_and_left_out() -> None:
    markup = el("g", "<b/>", class_='a"b', data_action="to e5|stay", opacity=None)
    assert markup == '<g class="a&quot;b" data-action="to e5|stay"><b/></g>'
    assert el("rect", x=1) == '<rect x="1"/>'


def test_values_alike_are_written_apart() -> None:
    assert [safe(1), safe(1.0), safe(True), safe("1")] == ["1", "1.0", "True", "1"]
    assert el("g", a=1, b=1.0, c=True) == '<g a="1" b="1.0" c="True"/>'


def test_values_that_cannot_be_remembered_are_escaped_each_time() -> None:
    assert safe(["<", 1]) == "[&#x27;&lt;&#x27;, 1]"
    assert el("g", data=[1, "&"]) == '<g data="[1, &#x27;&amp;&#x27;]"/>'


def test_text_and_titles() -> None:
    assert text(1, 2.26, "a & b", fill="red") == '<text x="1" y="2.3" fill="red">a &amp; b</text>'
    assert title("x < y") == "<title>x &lt; y</title>"
    assert title("") == "<title/>"
    assert num(3) == "3" and num(2.0) == "2" and num(0.25) == "0.2"


def test_numbers_remembered_write_as_before() -> None:
    assert [num(-0.0), num(0.0), num(-0.0)] == ["-0", "0", "-0"]  # equal keys, written apart
    assert [num(2.26), num(2.26), num(True), num(1)] == ["2.3", "2.3", "True", "1"]


def test_words_that_are_not_strings() -> None:
    assert text(0, 0.5, 7) == '<text x="0" y="0.5">7</text>'  # type: ignore[arg-type]
    assert title(1.0) == "<title>1.0</title>"  # type: ignore[arg-type]
    assert text(0, 0, "") == '<text x="0" y="0"/>'


def test_what_is_remembered_stays_bounded() -> None:
    for i in range(svg.SAFE_KEPT + 10):
        assert safe(f"<{i}>") == f"&lt;{i}&gt;"
        assert num(i + 0.5) == f"{round(i + 0.5, 1):g}"
    assert len(svg._WORDS) <= svg.SAFE_KEPT and len(svg._NUMBERS) <= svg.SAFE_KEPT
    assert safe("a & b") == "a &amp; b"
