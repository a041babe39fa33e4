"""A damaged link on the web page (issue 31): a hash with bad percent-encoding is answered with
the library's refusal, never left showing the previous answer under the new address."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.test_web import PHONE, _open, _wait_answers, web_server  # noqa: F401


@pytest.fixture(scope="module")
def page(browser_context: Any, web_server: str) -> Iterator[Any]:  # noqa: F811
    page = browser_context.new_page()
    page.set_viewport_size(PHONE)
    try:
        page.goto(f"{web_server}/#siege?cards=3,4")
        _wait_answers(page, 1)
        yield page
    finally:
        page.close()


@pytest.mark.parametrize("link", ["#siege?cards=5%E0%A4%A", "#siege?cards=%zz", "#sie%ge?cards=3"])
def test_a_damaged_link_is_refused_not_answered_with_the_last_answer(page: Any, link: str) -> None:
    assert "3 in 4" in page.inner_text("#result")  # the answer before
    text = _open(page, link)
    assert "bad percent-encoding" in text and "3 in 4" not in text
    assert page.get_attribute("#result", "class") == "error"
    _open(page, "#siege?cards=3,4")  # back to a good answer for the next case
