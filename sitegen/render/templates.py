"""Render page models to bytes with Jinja2; the site's theme overrides the default theme file by file."""
from __future__ import annotations

import math
import operator
import threading
import time
import traceback
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import jinja2
import jinja2.sandbox
import markupsafe
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame

from sitegen import games
from sitegen.model import ContentError, Problem, Site, Where
from sitegen.pages.charts import svg_number
from sitegen.pages.display import short_label
from sitegen.pages.page_model import PageModel
from sitegen.render.i18n import localized, speaking

BUILTIN_THEMES = Path(__file__).resolve().parent.parent / "themes"  # shipped inside the package
# A theme is data, but its loops are loops: Jinja's sandbox caps each range, not their product. Each page may render
# for at most RENDER_SECONDS and write at most RENDER_BYTES, and no expression may make a text or list longer than
# that (a 20,000-player event's standings page takes about a second and writes a few MB).
RENDER_SECONDS = 60
RENDER_BYTES = 64 * 1024 * 1024
POWER_BITS = 1 << 20  # `**` may make a number of at most this many bits
# What markupsafe.escape wraps in Markup (MarkupSafe 3's C function), or escape itself where there is none.
_escape_inner: Callable[[str], str] = getattr(markupsafe, "_escape_inner", markupsafe.escape)


_BINOPS = {"*": operator.mul, "+": operator.add, "**": operator.pow}
_NUMBERS = (int, float)


class RenderBudget(jinja2.TemplateError):
    """A page went past its time or size budget: a template error, said at the template's line."""


class _Budget(threading.local):
    """The page being rendered on this thread: when its time is up, and the loop iterations counted so far."""

    deadline = math.inf
    ticks = 0


_budget = _Budget()


class _PageContexts(threading.local):
    """The Jinja contexts made for the page being rendered on this thread (None between pages)."""

    made: list[jinja2.runtime.Context] | None = None


_page_contexts = _PageContexts()


class PageTemplate(jinja2.Template):
    """A template whose contexts holding a page's values are emptied once the page is rendered (`_rendered`).

    A macro refers to the context it was defined in, which holds the macro: `{% from "macros.html" import x with
    context %}` makes such a cycle on every page, and the cycle holds a copy of the page's values. The page's whole
    model then waited for the cycle collector, which a build pauses while it makes an event: it walked every page
    model of the event at once (a tenth of a build's CPU). A context made without values is a module Jinja keeps
    for the next pages (an import without context): left as it is."""

    def new_context(self, vars: dict[str, Any] | None = None, shared: bool = False,
                    locals: Any = None) -> jinja2.runtime.Context:
        context = super().new_context(vars, shared, locals)
        if vars is not None and _page_contexts.made is not None:
            _page_contexts.made.append(context)
        return context

    @classmethod
    def from_code(cls, environment: jinja2.Environment, code: types.CodeType, globals: Any,
                  uptodate: Any = None) -> jinja2.Template:
        """Jinja's own, but the compiled code escapes each printed value to text (`escaped_text`)."""
        namespace = {"environment": environment, "__file__": code.co_filename}
        exec(code, namespace)
        namespace["escape"] = escaped_text  # the name Jinja's code calls where it prints a value, and nowhere else
        template = cls._from_namespace(environment, namespace, globals)
        template._uptodate = uptodate
        return template


class PageContext(jinja2.runtime.Context):
    """Jinja's context, whose calls to a function or method go to it directly: Jinja asks each callable whether it
    is an object whose `__call__` takes the context, then how it takes it, about a microsecond a call and 5,400 calls an
    event (`_()`, `player_link`). A callable of another kind, or a call to a function taking the context or the
    environment, is Jinja's own."""

    def call(__self, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # Jinja's names: a call may pass `self=`
        if type(__obj) in _FUNCTIONS:
            takes = getattr(__obj, "jinja_pass_arg", None)
            if takes is None or takes is _EVAL_CONTEXT:
                kwargs.pop("_loop_vars", None)
                kwargs.pop("_block_vars", None)
                try:
                    return __obj(__self.eval_ctx, *args, **kwargs) if takes else __obj(*args, **kwargs)
                except StopIteration:
                    return __self.environment.undefined("value was undefined because a callable raised a StopIteration exception")
        return super().call(__obj, *args, **kwargs)


_FUNCTIONS = frozenset({types.FunctionType, types.MethodType, types.BuiltinFunctionType})
# What `jinja2.pass_eval_context` marks a function with (the translations' `_()`: i18n._newstyle_gettext).
_EVAL_CONTEXT = jinja2.pass_eval_context(lambda: None).jinja_pass_arg  # type: ignore[attr-defined]


def escaped_text(value: Any) -> str:
    """markupsafe.escape, as plain text: Jinja calls it on each value a page prints, and joins the result into the
    page's text at once (a block captured or a macro's output is made Markup whole). The Markup made per value
    was a sixth of rendering's CPU."""
    if type(value) is str:
        return _escape_inner(value)
    if hasattr(value, "__html__"):
        html: str = value.__html__()  # Markup's own, as it is
        return html
    return _escape_inner(str(value))


@contextmanager
def _rendered() -> Iterator[None]:
    """Render one page in the block; then empty the contexts it made (`PageTemplate`), so its values go at once."""
    made: list[jinja2.runtime.Context] = []
    _page_contexts.made = made
    try:
        yield
    finally:
        _page_contexts.made = None
        for context in made:
            context.vars.clear()
            context.parent.clear()


class BoundedCode(CodeGenerator):
    """Jinja's code generator, with every loop iteration (a call of `Sandbox.tick` put at the start of every loop's
    body) and every `~` (`Sandbox.bounded`) going through the page's budget."""

    def visit_For(self, node: nodes.For, frame: Frame) -> None:
        if not (node.body and _is_tick(node.body[0])):
            node.body = [nodes.ExprStmt(nodes.EnvironmentAttribute("tick"), lineno=node.lineno), *node.body]
        super().visit_For(node, frame)

    def visit_EnvironmentAttribute(self, node: nodes.EnvironmentAttribute, frame: Frame) -> None:
        super().visit_EnvironmentAttribute(node, frame)
        if node.name == "tick":  # no template writes this node: only visit_For does
            self.write("()")

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.bounded(")
        super().visit_Concat(node, frame)
        self.write(")")


def theme_dirs(site: Site) -> list[Path]:
    """The chosen theme first, then the default one as the fallback for anything it leaves out."""
    candidates = [Path(site.root) / "themes" / site.theme, BUILTIN_THEMES / site.theme]
    chosen = next((p for p in candidates if p.is_dir()), None)
    if chosen is None:
        raise ContentError([Problem(site.at("theme"), f"theme '{site.theme}' not found in {candidates[0]} nor built in; use 'theme: default'")])
    default = BUILTIN_THEMES / "default"
    return [chosen] if chosen == default else [chosen, default]


def _static_file(dirs: list[Path], name: str) -> Path:
    """A theme's static file, the chosen theme's own first; a name leading out of static/ is refused, so a theme
    cannot publish a file from elsewhere on the machine ('../../etc/hostname', '/etc/hostname', a symlink)."""
    for theme in dirs:
        static = (theme / "static").resolve()
        path = (static / name).resolve()
        if not path.is_relative_to(static):
            raise jinja2.TemplateError(f"static_text('{name}'): a theme reads only files of its own static/ folder; "
                                       "name one by its path inside it, e.g. static_text('site.css')")
        if path.is_file():
            return path
    raise jinja2.TemplateError(f"static_text('{name}'): no such file in the theme's static/ folder")


def _template_problem(exc: Exception, dirs: list[Path], template: str) -> Problem | None:
    """A template mistake as `template:line: what`, or None when the failure is not in a theme's template.

    Jinja2 puts the template file and line into the traceback; a syntax error carries them itself.
    """
    if isinstance(exc, UnicodeDecodeError) and (source := _template_being_read(exc)):
        return Problem(Where(source, 1), "template error: this file is not UTF-8 text; save it as UTF-8")
    if isinstance(exc, OSError) and exc.filename:  # static_text() of a file this user may not read: the file's, not the template's
        return Problem(Where(str(exc.filename), 1), f"cannot read the file: {exc.strerror}; let your user read it (chmod u+r)")
    if isinstance(exc, jinja2.TemplateSyntaxError) and exc.filename:
        return Problem(Where(exc.filename, exc.lineno), f"template error: {exc.message}; fix the template")
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename.endswith(".html")]
    own_theme = dirs[0].parent != BUILTIN_THEMES  # a theme from the content folder, not one shipped with sitegen
    if frames and (isinstance(exc, jinja2.TemplateError) or own_theme):
        return Problem(Where(frames[-1].filename, frames[-1].lineno or 1), f"template error: {str(exc).rstrip('.')}; fix the template")
    if isinstance(exc, jinja2.TemplateError):  # e.g. a template that is nowhere to be found
        return Problem(Where(str(dirs[0] / "templates" / template), 1), f"template error: {exc}; fix the theme")
    return None


def _template_being_read(exc: Exception) -> str | None:
    """The template file Jinja2's loader was reading when `exc` was raised."""
    tb, found = exc.__traceback__, None
    while tb is not None:
        if tb.tb_frame.f_code.co_name == "get_source" and isinstance(tb.tb_frame.f_locals.get("filename"), str):
            found = tb.tb_frame.f_locals["filename"]
        tb = tb.tb_next
    return found


class CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates kept for the life of the process: Jinja checks each against its template's source, so
    many builds in one process (serve, the desk, tests) compile a template once. Never kept on disk: a compiled
    template is Python code, and one planted in a cache folder would run at the next build."""

    _in_process: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if (code := self._in_process.get(_code_key(bucket))) is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._in_process[_code_key(bucket)] = bucket.bytecode_to_string()


def _code_key(bucket: jinja2.bccache.Bucket) -> str:
    """A template's code prints each value through `finalize` only in an environment that has one (a translating
    overlay, `i18n.localized`): the English environment's code, without it, is kept apart."""
    return bucket.key + ("+finalize" if bucket.environment.finalize else "")


class Sandbox(jinja2.sandbox.SandboxedEnvironment):
    """Jinja's sandbox, its verdict on an attribute remembered: whether `obj.attr` is safe depends only on the type
    of `obj` and the name (jinja2.sandbox.is_internal_attribute), and asking again for every cell of every table
    was a third of the time a large event took to render. Bounded: see RENDER_SECONDS."""

    code_generator_class = BoundedCode
    template_class = PageTemplate
    context_class = PageContext
    intercepted_binops = frozenset({"*", "+", "**"})

    def tick(self) -> None:
        _budget.ticks += 1
        if not _budget.ticks & 0x3FF and time.monotonic() > _budget.deadline:
            raise RenderBudget(f"the page took more than {RENDER_SECONDS} s to render (a loop without end?)")

    def bounded(self, value: Any) -> Any:
        if len(value) > RENDER_BYTES:
            raise RenderBudget(f"the page makes a text or list of more than {_megabytes(RENDER_BYTES)}")
        return value

    def call_binop(self, context: jinja2.runtime.Context, operator_name: str, left: Any, right: Any) -> Any:
        """`*`, `+` and `**` checked before they run: 'x' * 10**10 would fill the memory, 10 ** 10**8 the time."""
        if operator_name != "**" and type(left) in _NUMBERS and type(right) in _NUMBERS:  # the charts' sums: quick
            return _BINOPS[operator_name](left, right)
        sized = [len(v) for v in (left, right) if isinstance(v, (str, list, tuple))]
        counts = [v for v in (left, right) if isinstance(v, int)]
        if operator_name == "*" and sized and counts and sized[0] * max(counts[0], 0) > RENDER_BYTES:
            self.bounded(range(RENDER_BYTES + 1))
        if operator_name == "+" and len(sized) == 2 and sum(sized) > RENDER_BYTES:
            self.bounded(range(RENDER_BYTES + 1))
        if operator_name == "**" and len(counts) == 2 and abs(left) > 1 and counts[1] * abs(left).bit_length() > POWER_BITS:
            raise RenderBudget(f"the page makes a number of more than {POWER_BITS} bits")
        return _BINOPS[operator_name](left, right)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._safe_attributes: dict[tuple[type, str], bool] = {}
        self._plain: set[tuple[type, str]] = set()  # safe attributes of a type that is no str: no str.format to wrap

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        key = (type(obj), attr)
        safe = self._safe_attributes.get(key)
        if safe is None:
            safe = self._safe_attributes[key] = super().is_safe_attribute(obj, attr, value)
        return safe

    def getattr(self, obj: Any, attribute: str) -> Any:
        """`obj.attribute` in a template: once the sandbox has found the attribute safe on the type, it is read as
        it is, with no second look (the sandbox's checks were a fifth of a build). A method value still takes the
        sandbox's way: a str's `format` is wrapped there, whatever object it was read from."""
        key = (type(obj), attribute)
        if key in self._plain:
            try:
                value = getattr(obj, attribute)
            except AttributeError:
                return super().getattr(obj, attribute)
            if type(value) not in _METHODS:
                return value
        value = super().getattr(obj, attribute)
        if self._safe_attributes.get(key) and not isinstance(obj, str):
            self._plain.add(key)
        return value


_METHODS = (types.MethodType, types.BuiltinMethodType)


class Trusted(jinja2.Environment):
    """sitegen's own templates, for a site without a theme of its own: they are sitegen's code as much as the page
    models are, so they render as they are, without the sandbox's checks on every attribute and call nor the page's
    budget (about a fifth of a build's CPU). A site with its own theme renders everything in the `Sandbox`: its
    templates extend and include the built-in ones, and the other way round."""

    template_class = PageTemplate
    context_class = PageContext


class CompiledTrusted(CompiledTemplates):
    """The trusted environment's compiled templates: its code (no budget) is not the sandbox's, so kept apart."""

    _in_process: dict[str, bytes] = {}


# What a bare Jinja2 environment needs to render sitegen's templates: bench/scale.py's floor is made of exactly these.
EXTENSIONS = ["jinja2.ext.i18n"]
OPTIONS: dict[str, Any] = {"autoescape": True, "undefined": jinja2.StrictUndefined, "trim_blocks": True, "lstrip_blocks": True,
                           "keep_trailing_newline": True, "extensions": EXTENSIONS}


def loader(dirs: list[Path]) -> jinja2.BaseLoader:
    """A theme's templates first, then the default theme's, then each game's own."""
    return jinja2.ChoiceLoader([jinja2.FileSystemLoader(str(d)) for d in [*(d / "templates" for d in dirs), *games.template_dirs()]])


def equip(env: jinja2.Environment, dirs: list[Path]) -> jinja2.Environment:
    """The filters and globals every template reads: the English text (`speaking`), the charts' numbers, round labels,
    and the theme's static files."""
    speaking(env)
    env.filters["coord"] = svg_number
    env.filters["short_round"] = short_label
    env.globals["static_text"] = lambda name: markupsafe.Markup(_static_file(dirs, name).read_text(encoding="utf-8"))
    return env


def environment(dirs: list[Path], watch: bool = True) -> jinja2.Environment:
    """The theme's Jinja environment. A theme is data, not code: its templates render in Jinja's sandbox (no
    attribute starting with '_', no unsafe call), so `{{ cycler.__init__.__globals__.os }}` is an error. Without a
    theme of the site's own, only sitegen's templates render: `Trusted`.

    `watch`: whether each use of a template first checks that its file is unchanged. A build in a process of its own
    renders its templates as it found them (about 460 checks an event); `serve` keeps its environment for the next
    builds, and picks up a changed template."""
    trusted = dirs == [BUILTIN_THEMES / "default"]
    env = (Trusted if trusted else Sandbox)(
        bytecode_cache=CompiledTrusted() if trusted else CompiledTemplates(),
        loader=loader(dirs),  # no `finalize`: values print as they are in English; i18n.localized's overlays translate them
        auto_reload=watch,
        **OPTIONS,
    )
    equip(env, dirs)
    return env


def compile_all(env: jinja2.Environment) -> None:
    """Every template compiled now, into the in-process cache, before the build forks its worker processes: they start
    with it instead of each compiling every template again (a build in one process compiles only those it renders).
    A template with a mistake is left to be reported, at its line, by the page that renders it."""
    for name in env.list_templates(extensions=["html"]):
        try:
            env.get_template(name)
        except (jinja2.TemplateError, UnicodeDecodeError):  # a template not in UTF-8 too: reported where it renders
            pass


def render_pages(site: Site, pages: list[PageModel], env: jinja2.Environment | None = None) -> dict[str, bytes]:
    """The pages' bytes, keyed by relative path (the theme's static files are `static_files`).

    `env` may be one kept from an earlier build of the same site (as `serve` does): it keeps its compiled
    templates and recompiles only those whose file changed.
    """
    dirs = theme_dirs(site)
    base = env or environment(dirs)
    base.globals["static_text"] = lambda name: markupsafe.Markup(_static_file(dirs, name).read_text(encoding="utf-8"))
    files: dict[str, bytes] = {}
    for page in pages:
        if page.template is None:
            files[page.path] = page.body
            continue
        env = localized(base, site.language_of(page.context.get("event")))
        env.globals["static_text"] = base.globals["static_text"]
        try:
            template = env.select_template([page.template, page.fallback]) if page.fallback else env.get_template(page.template)
            context = page.render_context()
            with _rendered():
                html = template.render(context) if isinstance(env, Trusted) else _render_bounded(template, context)
        except Exception as exc:  # a theme's template can fail in any way; a built-in one failing is a bug: re-raised
            problem = _template_problem(exc, dirs, page.template)
            if problem is None:
                raise
            raise ContentError([problem]) from None
        files[page.path] = html.encode()
    return files


def _is_tick(node: nodes.Node) -> bool:
    return isinstance(node, nodes.ExprStmt) and isinstance(node.node, nodes.EnvironmentAttribute) and node.node.name == "tick"


def _render_bounded(template: jinja2.Template, context: dict[str, Any]) -> str:
    """The page's text, rendered within its budget (RENDER_SECONDS, RENDER_BYTES)."""
    _budget.deadline, written, parts = time.monotonic() + RENDER_SECONDS, 0, []
    try:
        for part in template.generate(context):
            written += len(part)
            if written > RENDER_BYTES:
                raise RenderBudget(f"the page writes more than {_megabytes(RENDER_BYTES)}")
            parts.append(part)
    finally:
        _budget.deadline = math.inf
    return "".join(parts)


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:g} MB" if size < 2**20 or size % 2**20 else f"{size // 2**20} MB"


def static_files(dirs: list[Path]) -> dict[str, bytes]:
    """The theme's static files, by output path."""
    files: dict[str, bytes] = {}
    for theme in reversed(dirs):  # the chosen theme's static files win
        static = theme / "static"
        for path in sorted(static.rglob("*")) if static.is_dir() else ():
            if path.is_file():
                files["static/" + path.relative_to(static).as_posix()] = path.read_bytes()
    return files
