"""Safe YAML reading that remembers the line of every mapping key and list item.

Content errors must point at `path:line`, so mappings load as `LineDict` and lists as
`LineList`, each carrying the 1-based lines of their entries. Parsing uses libyaml's
CSafeLoader when available (about 9x faster than the pure-Python one).

Content never needs YAML's anchors, aliases or tags, and aliases can expand a few hundred bytes
into gigabytes, so they are refused before anything is built. Dates stay text (the loader checks
them), and numbers must be finite.
"""
from __future__ import annotations

import math
import re
from collections.abc import Iterator
from typing import Any, Protocol

import yaml

from sitegen.model import ContentError, Problem, Where
from sitegen.text import N_

_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_DEPTH = 100  # nesting reported when building the values runs out of Python's recursion limit
_TOO_DEEP = N_("values nested more than {depth} deep; content never needs that", depth=MAX_DEPTH)


class LineDict(dict[Any, Any]):
    __slots__ = ("line", "key_lines")  # no attribute dict: an event holds hundreds of these

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.line = 0
        self.key_lines: dict[Any, int] = {}  # keys as written: mostly text, a number where YAML reads one


class LineList(list[Any]):
    __slots__ = ("line", "item_lines")

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.line = 0
        self.item_lines: list[int] = []


class _LineLoader(_BaseLoader):  # type: ignore[misc, valid-type]
    # No timestamp resolver: '2026-02-30' stays text for the loader to check, instead of crashing here.
    yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for first, resolvers in _BaseLoader.yaml_implicit_resolvers.items()
    }

    may_flatten = True  # whether the text may hold a key that flatten_mapping rewrites (`_FLATTENED`)

    # The parser asks these for every node, and PyYAML answers in Python (regular expressions tried in turn). Without
    # path resolvers (none here) a node's tag follows from its kind and, for a plain scalar, its text alone: each text
    # is resolved once (ids, keys and numbers repeat through an event), the rest is the kind's default tag.
    def resolve(self, kind: type[yaml.Node], value: Any, implicit: tuple[bool, bool]) -> str:
        if kind is not yaml.ScalarNode or not implicit[0]:
            return _DEFAULT_TAGS[kind]
        tag = _PLAIN_TAGS.get(value)
        if tag is None:
            tag = str(super().resolve(kind, value, implicit))
            if len(value) <= _KEPT_TEXT:
                if len(_PLAIN_TAGS) >= _PLAIN_TAGS_MAX:
                    _PLAIN_TAGS.clear()
                _PLAIN_TAGS[value] = tag
        return tag

    def descend_resolver(self, current_node: yaml.Node | None, current_index: Any) -> None:
        pass  # only path resolvers need the path

    def ascend_resolver(self) -> None:
        pass


_DEFAULT_TAGS: dict[type[yaml.Node], str] = {yaml.ScalarNode: _LineLoader.DEFAULT_SCALAR_TAG,
                                             yaml.SequenceNode: _LineLoader.DEFAULT_SEQUENCE_TAG,
                                             yaml.MappingNode: _LineLoader.DEFAULT_MAPPING_TAG}
_PLAIN_TAGS: dict[str, str] = {}  # a plain scalar's text: its tag
_PLAIN_TAGS_MAX = 50_000  # texts: a build reads many events' names, each once
_KEPT_TEXT = 80  # characters: ids, keys, numbers and names; a long text is rarely written twice
assert not _LineLoader.yaml_path_resolvers, "resolve() above answers for a loader without path resolvers"


def _check_key(data: LineDict, key: Any, key_node: yaml.Node) -> None:
    """A mapping key must be a plain word or number, written once in its block."""
    if not isinstance(key, (str, int, float, bool)) or key is None:
        raise yaml.constructor.ConstructorError(None, None, "a mapping key must be a plain word or number", key_node.start_mark)
    if key in data:
        raise yaml.constructor.ConstructorError(None, None, f"the key {key!r} is written twice in the same block", key_node.start_mark)


def _construct_map(loader: _LineLoader, node: yaml.MappingNode) -> Iterator[LineDict]:
    data = LineDict()
    data.line = node.start_mark.line + 1
    yield data
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        _check_key(data, key, key_node)
        data[key] = loader.construct_object(value_node, deep=True)
        data.key_lines[key] = key_node.start_mark.line + 1


def _construct_seq(loader: _LineLoader, node: yaml.SequenceNode) -> Iterator[LineList]:
    data = LineList()
    data.line = node.start_mark.line + 1
    data.item_lines = [item.start_mark.line + 1 for item in node.value]
    yield data
    data.extend(loader.construct_object(item, deep=True) for item in node.value)


def _construct_number(loader: _LineLoader, node: yaml.ScalarNode) -> int | float:
    if _READ_TWO_WAYS.fullmatch(node.value):
        raise yaml.constructor.ConstructorError(
            None, None, f"'{node.value[:20]}' is a number that YAML readers read differently (sitegen's own edits read it as "
                        "text or as another number): write it as a plain number, e.g. 'table: 10', or quote it if it is text",
            node.start_mark)
    try:
        value: int | float = (loader.construct_yaml_int if node.tag.endswith(":int") else loader.construct_yaml_float)(node)
    except ValueError:  # an integer of thousands of digits
        value = math.inf
    if isinstance(value, float) and not math.isfinite(value):
        raise yaml.constructor.ConstructorError(None, None, f"'{node.value[:20]}' is not a number sitegen can use; write a plain number", node.start_mark)
    return value


# Numbers YAML 1.1 (PyYAML, this reader) and YAML 1.2 (ruamel, the edits' round trip) read apart: 010 is 8 or 10,
# 1:00 is 60 or text, 0b11 and 1_000 are numbers or text. Refused, so that every reader agrees.
_READ_TWO_WAYS = re.compile(r"[-+]?(?:0[0-9_]+(?:\.[0-9_]*)?|0b[01_]+|[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?|[0-9.]*_[0-9_.]*)")
_LineLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)
_LineLoader.add_constructor("tag:yaml.org,2002:seq", _construct_seq)
_LineLoader.add_constructor("tag:yaml.org,2002:int", _construct_number)
_LineLoader.add_constructor("tag:yaml.org,2002:float", _construct_number)

_MAP, _SEQ, _STR = "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:str"
_NUMBERS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")
_DECIMAL = re.compile(r"-?(?:0|[1-9][0-9]{0,17})")  # an int the int resolver reads as such; few digits, so finite
_FLATTENED = ("tag:yaml.org,2002:merge", "tag:yaml.org,2002:value")  # keys flatten_mapping rewrites


def _build(loader: _LineLoader, node: yaml.Node) -> Any:
    """The value of a node, as the constructors above make it, without their generic machinery.

    PyYAML's construct_object goes through generators, a state dict and a recursion check for every value,
    which costs more than the C parser itself; content is plain maps, lists, text and numbers, so those are
    built here directly, in the same order with the same checks. Anything else (booleans, nulls, merge keys, an
    unknown tag, the '=' key) goes to the constructors, which are the reference.
    """
    tag = node.tag
    if tag == _STR and isinstance(node, yaml.ScalarNode):
        return node.value
    if tag == _MAP and isinstance(node, yaml.MappingNode) and not (loader.may_flatten and any(key.tag in _FLATTENED for key, _ in node.value)):
        data = LineDict()
        data.line = node.start_mark.line + 1
        key_lines = data.key_lines
        for key_node, value_node in node.value:
            # Text, most keys and values, is taken here without a call: only a scalar is tagged str (`_parse` refuses
            # explicit tags before building), and a text key needs only the check for a repeat.
            key = key_node.value if key_node.tag == _STR else _build(loader, key_node)
            if type(key) is not str or key in data:
                _check_key(data, key, key_node)
            data[key] = value_node.value if value_node.tag == _STR else _build(loader, value_node)
            key_lines[key] = key_node.start_mark.line + 1
        return data
    if tag == _SEQ and isinstance(node, yaml.SequenceNode):
        items = LineList([item.value if item.tag == _STR else _build(loader, item) for item in node.value])
        items.line = node.start_mark.line + 1
        items.item_lines = [item.start_mark.line + 1 for item in node.value]
        return items
    if tag in _NUMBERS and isinstance(node, yaml.ScalarNode):
        if _DECIMAL.fullmatch(node.value):  # what construct_yaml_int makes of a plain decimal, without its detours
            return int(node.value)
        return _construct_number(loader, node)
    return loader.construct_object(node, deep=True)


def _load(text: str) -> Any:
    """yaml.load(text, Loader=_LineLoader), building the values with `_build`."""
    loader = _LineLoader(text)
    loader.may_flatten = "<<" in text or "=" in text  # a merge key is the plain text '<<', a value key '='
    try:
        node = loader.get_single_node()
        return None if node is None else _build(loader, node)
    finally:
        loader.dispose()


def _refuse_anchors_and_tags(text: str, path: str) -> None:
    """Anchors, aliases and tags, found from the parser's events: nothing is expanded or built yet."""
    if not any(mark in text for mark in "&*!"):
        return  # none of them can be there: skip the extra pass
    for event in yaml.parse(text, Loader=_BaseLoader):
        line = _line(event.start_mark)
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise ContentError([Problem(Where(path, line), N_("YAML anchors and aliases ('&name', '*name') are not allowed in content; write the value out"))])
        tag = getattr(event, "tag", None)
        if tag and not isinstance(event, yaml.DocumentStartEvent):
            raise ContentError([Problem(Where(path, line), N_("YAML tags ('{tag}') are not allowed in content; remove it and write a plain value", tag=tag))])


def _too_deep(text: str) -> int:
    """The line where nesting first passes MAX_DEPTH."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_BaseLoader):
            depth += isinstance(event, yaml.CollectionStartEvent) - isinstance(event, yaml.CollectionEndEvent)
            if depth > MAX_DEPTH:
                return _line(event.start_mark)
    except yaml.MarkedYAMLError as exc:  # libyaml's scanner, reading ahead, met its own nesting limit first: on that line
        return _line(exc.problem_mark)
    return 1


def _line(mark: Any) -> int:
    """The 1-based line of a parser mark (the parser always sets one; 1 if not)."""
    return mark.line + 1 if mark else 1


def _quote_across_lines(text: str) -> yaml.Mark | None:
    """Where the first quoted value that spans lines starts (content never needs one), scanning up to a syntax error."""
    try:
        for token in yaml.scan(text, Loader=_BaseLoader):
            if isinstance(token, yaml.ScalarToken) and token.style in ('"', "'") and token.end_mark.line > token.start_mark.line:
                mark: yaml.Mark = token.start_mark
                return mark
    except yaml.YAMLError:
        pass
    return None


# Parsed values by file text. The same text is parsed again and again in one process: an edit checks a
# scratch copy of the event, `serve` rebuilds on every save. Content values are read-only everywhere.
_PARSED: dict[str, Any] = {}
_PARSED_MAX = 32  # an event's files, with room: a build's worker would otherwise hold hundreds it never reads again


class Store(Protocol):
    """Parsed values kept between processes, by text (`yamlstore.ParsedStore`)."""

    def get(self, text: str, default: Any) -> Any: ...
    def put(self, text: str, value: Any) -> None: ...


_store: Store | None = None
_UNKEPT = object()


def keep_parsed(store: Store | None) -> None:
    """Also read parsed values back from `store`, and keep new ones there; None: only in this process."""
    global _store
    _store = store


def parse_yaml(text: str, path: str) -> Any:
    """Parse YAML text; a syntax error becomes a ContentError at its line."""
    if text in _PARSED:
        return _PARSED[text]
    value = _store.get(text, _UNKEPT) if _store is not None else _UNKEPT
    if value is _UNKEPT:
        value = _parse(text, path)
        if _store is not None:
            _store.put(text, value)
    if len(_PARSED) >= _PARSED_MAX:
        _PARSED.clear()
    _PARSED[text] = value
    return value


def _parse(text: str, path: str) -> Any:
    try:
        _refuse_anchors_and_tags(text, path)
        return _load(text)
    except yaml.MarkedYAMLError as exc:
        if exc.problem == "exceeded maximum nesting depth":  # libyaml's own limit (PyYAML 6.0.4's wheels): as below
            raise ContentError([Problem(Where(path, _too_deep(text)), _TOO_DEEP)]) from None
        mark = exc.problem_mark or exc.context_mark
        what = exc.problem or exc.context or "invalid YAML"
        if exc.context == "while scanning a quoted scalar" and exc.context_mark:
            mark = exc.context_mark  # the parser runs to the end of the file: the quote that never closes is the mistake
            what = N_("a quote opens here and never closes")
        elif (opened := _quote_across_lines(text)) is not None:
            mark = opened  # an unclosed quote ran on to the next quote in the file, where the parser gave up
            what = N_("a quote opens here and closes only on a later line; close it on the same line")
        line = mark.line + 1 if mark else 1
        if isinstance(exc, yaml.constructor.ConstructorError):  # well-formed YAML, a value we refuse
            raise ContentError([Problem(Where(path, line), what)]) from None
        raise ContentError(
            [Problem(Where(path, line), N_("YAML syntax error: {problem}; check indentation, colons and quotes", problem=what))]
        ) from None
    except RecursionError:  # thousands of nested brackets: find the line without building anything
        raise ContentError([Problem(Where(path, _too_deep(text)), _TOO_DEEP)]) from None
    except yaml.reader.ReaderError as exc:  # a control character such as NUL: no mark, only its position
        line = text.count("\n", 0, exc.position) + 1
        control = N_("a control character (code {code}) cannot be in a YAML file; delete it", code=exc.character)
        raise ContentError([Problem(Where(path, line), control)]) from None
    except yaml.YAMLError as exc:
        raise ContentError([Problem(Where(path, 1), f"YAML error: {exc}")]) from None


def dump_yaml(data: Any) -> str:
    """Write YAML the way a TO would: keys in the given order, short lists inline."""
    # libyaml's emitter is many times faster but differs from PyYAML's on unusual text (line folding of long
    # quoted strings, escapes, empty keys). On plain data (ids, keys, numbers) the two write the same bytes,
    # so it is used for that alone: a proposed round of 2048 players is all ids and numbers.
    dumper = _CSafeDumper if _CSafeDumper is not None and _plain(data) else yaml.SafeDumper
    return yaml.dump(data, Dumper=dumper, sort_keys=False, default_flow_style=None, allow_unicode=True, width=100)


_CSafeDumper = getattr(yaml, "CSafeDumper", None)
_PLAIN_TEXT = re.compile(r"[a-z0-9][a-z0-9_-]{0,79}")


def _plain(data: Any) -> bool:
    """Only dicts, lists, numbers, booleans, None and short lowercase ids or keys, all the way down."""
    kind = type(data)
    if kind is str:
        return _PLAIN_TEXT.fullmatch(data) is not None
    if kind is dict:
        return all(_plain(key) and _plain(value) for key, value in data.items())
    if kind is list:
        return all(_plain(item) for item in data)
    return kind in (int, float, bool) or data is None
