"""YAML reading that remembers the line of every key, so errors can name it."""

from __future__ import annotations

from typing import Any

import yaml


class Located(dict[str, Any]):
    """A mapping that knows the line of each key (1-based) and its own line."""

    line: int = 1
    key_lines: dict[str, int]

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


class LocatedList(list[Any]):
    line: int = 1
    item_lines: list[int]


class _Loader(yaml.SafeLoader):
    pass


# libyaml's parser, when PyYAML was built with it, reads the content's thousand
# files about eight times faster. Its error marks are vaguer, so a file it
# refuses is read again by the pure-Python parser to name the line.
class _FastLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    pass


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> Located:
    loader.flatten_mapping(node)
    result = Located()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, str):
            key = str(key)
        if key in result:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        result[key] = loader.construct_object(value_node, deep=True)
        # A block scalar (|) starts on the line after its indicator.
        offset = 1 if getattr(value_node, "style", None) in {"|", ">"} else 0
        result.key_lines[key] = key_node.start_mark.line + 1
        result.key_lines[f"{key}@value"] = value_node.start_mark.line + 1 + offset
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LocatedList:
    result = LocatedList(
        loader.construct_object(child, deep=True) for child in node.value
    )
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


def _construct_timestamp(loader: _Loader, node: yaml.ScalarNode) -> Any:
    # PyYAML reads 2024-02-30 as a date and then fails with a bare ValueError.
    try:
        return loader.construct_yaml_timestamp(node)
    except ValueError as exc:
        raise yaml.constructor.ConstructorError(
            None, None, f"{node.value!r} is not a real date ({exc})", node.start_mark
        ) from None


for _loader in (_Loader, _FastLoader):
    _loader.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)  # type: ignore[arg-type]
    _loader.add_constructor(
        yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
        _construct_mapping,  # type: ignore[arg-type]
    )
    _loader.add_constructor(
        yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG,
        _construct_sequence,  # type: ignore[arg-type]
    )


class YamlError(ValueError):
    def __init__(self, line: int, message: str) -> None:
        self.line = line
        super().__init__(message)


def load_yaml(text: str, *, first_line: int = 1) -> Any:
    """Parse YAML; syntax errors become ``YamlError`` with the line number."""
    try:
        data = _parse(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = (mark.line + 1) if mark else 1
        raise YamlError(line + first_line - 1, _describe(exc)) from None
    except yaml.YAMLError as exc:
        raise YamlError(first_line, f"invalid YAML: {exc}") from None
    if first_line != 1:
        _shift_lines(data, first_line - 1)
    return data


def _parse(text: str) -> Any:
    try:
        return yaml.load(text, Loader=_FastLoader)
    except yaml.YAMLError:
        return yaml.load(text, Loader=_Loader)


def _describe(exc: yaml.MarkedYAMLError) -> str:
    parts = [part for part in (exc.context, exc.problem) if part]
    return "invalid YAML: " + ", ".join(parts)


def _shift_lines(data: Any, by: int) -> None:
    if isinstance(data, Located):
        data.line += by
        data.key_lines = {key: line + by for key, line in data.key_lines.items()}
        for value in data.values():
            _shift_lines(value, by)
    elif isinstance(data, LocatedList):
        data.line += by
        data.item_lines = [line + by for line in data.item_lines]
        for value in data:
            _shift_lines(value, by)


def plain(data: Any) -> Any:
    """Strip the line bookkeeping: plain dicts and lists, for JSON storage."""
    if isinstance(data, dict):
        return {key: plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [plain(value) for value in data]
    return data
