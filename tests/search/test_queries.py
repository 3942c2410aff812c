"""How queries match: stemming, phrases, operators, typos, broadening,
type-ahead prefixes, pages and groups."""

from __future__ import annotations

from typing import Any

import pytest

from rules.search import memory_index, search
from tests.search.documents import DEMO, doc


@pytest.fixture(scope="module")
def demo() -> Any:
    return memory_index(DEMO)


def keys(results: Any) -> list[str]:
    return [hit.key for hit in results.hits]


@pytest.mark.parametrize("word", ["draw", "draws", "drawing", "Drawing"])
def test_every_form_of_a_word_finds_the_same_documents(demo: Any, word: str) -> None:
    assert set(keys(search("demo", word, index=demo))) == {"1.1", "1.3"}


def test_stemming_on_real_content(indexed: Any) -> None:
    found = [set(keys(search(indexed, w, limit=50))) for w in ("draw", "drawing")]

    assert found[0] == found[1] and "2.3" in found[0]


def test_a_title_match_outranks_a_body_match(demo: Any) -> None:
    assert keys(search("demo", "cancel", index=demo))[0] == "cancel"


def test_phrase_matches_words_in_order_only() -> None:
    index = memory_index(
        [
            doc("1.1", "1.1", "Play an action card now."),
            doc("1.2", "1.2", "A card action is different."),
        ]
    )

    assert keys(search("demo", '"action card"', index=index)) == ["1.1"]
    assert keys(search("demo", '"card action"', index=index)) == ["1.2"]
    assert set(keys(search("demo", "action card", index=index))) == {"1.1", "1.2"}


def test_phrase_skips_stop_words_as_the_index_does() -> None:
    index = memory_index([doc("1.1", "1.1", "Draw an action card.")])

    assert keys(search("demo", '"draw the action card"', index=index)) == ["1.1"]


def test_phrase_never_spans_title_and_body() -> None:
    index = memory_index([doc("x", "Lucky", "Shot the moon.", kind="card")])

    assert search("demo", '"lucky shot"', index=index).total == 0


def test_operators(demo: Any) -> None:
    assert keys(search("demo", "hold AND seven", index=demo)) == ["1.2"]
    assert set(keys(search("demo", "hold OR hidden", index=demo))) == {"1.2", "1.4"}
    assert "1.1" not in keys(search("demo", "cards NOT status", index=demo))
    assert set(keys(search("demo", "(hidden OR hold) seven", index=demo))) == {"1.2"}


def test_misspelt_word_is_corrected_and_searched(demo: Any) -> None:
    results = search("demo", "cancle", index=demo)

    assert results.suggestion == "cancel"
    assert keys(results)[0] == "cancel"


def test_suggestion_keeps_the_rest_of_the_query(demo: Any) -> None:
    results = search("demo", 'kind:card "cancle"', index=demo)

    assert results.suggestion == 'kind:card "cancel"'


def test_known_words_get_no_suggestion(demo: Any) -> None:
    assert search("demo", "drawing cards", index=demo).suggestion is None


def test_unknown_word_with_nothing_near_is_left_alone(demo: Any) -> None:
    results = search("demo", "zyzzyva", index=demo)

    assert results.suggestion is None
    assert results.total == 0


def test_when_no_document_has_every_word_any_word_will_do(demo: Any) -> None:
    results = search("demo", "hidden seven", index=demo)

    assert results.broadened
    assert set(keys(results)) == {"1.2", "1.4", "hand-limit"}


def test_prefix_matches_titles_while_typing(demo: Any) -> None:
    assert keys(search("demo", "canc", index=demo)) == []
    assert keys(search("demo", "canc", prefix=True, index=demo)) == ["cancel"]
    assert keys(search("demo", "hand lim", prefix=True, index=demo)) == ["hand-limit"]


def test_prefix_does_not_correct_the_word_being_typed(demo: Any) -> None:
    assert search("demo", "canc", prefix=True, index=demo).suggestion is None


def test_pages_split_the_ranked_results(indexed: Any) -> None:
    everything = keys(search(indexed, "action", limit=50))
    first = search(indexed, "action", limit=10)
    second = search(indexed, "action", page=2, limit=10)

    assert keys(first) + keys(second) == everything[:20]
    assert first.has_next and not first.has_previous
    assert second.has_previous
    assert first.pages == -(-first.total // 10)


def test_a_page_past_the_end_is_empty(demo: Any) -> None:
    results = search("demo", "cards", page=50, index=demo)

    assert results.hits == () and results.total > 0


def test_groups_hold_the_hits_by_kind_best_kind_first(demo: Any) -> None:
    results = search("demo", "cards", index=demo)

    groups = results.groups
    assert [hit for group in groups for hit in group.hits] != []
    assert groups[0].kind == results.hits[0].kind
    assert sorted(h.key for g in groups for h in g.hits) == sorted(keys(results))
    assert all(hit.kind == group.kind for group in groups for hit in group.hits)


def test_results_are_deterministic(indexed: Any) -> None:
    assert keys(search(indexed, "card")) == keys(search(indexed, "card"))
