"""Render page models to bytes with Jinja2; the site's theme overrides the default theme file by file."""
from __future__ import annotations

import traceback
import types
from pathlib import Path
from typing import Any

import jinja2
import jinja2.sandbox
import markupsafe

from sitegen import games
from sitegen.model import ContentError, Problem, Site, Where
from sitegen.pages.display import short_label
from sitegen.pages.page_model import PageModel
from sitegen.render.i18n import localized, speaking

BUILTIN_THEMES = Path(__file__).resolve().parent.parent / "themes"  # shipped inside the package


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
        if (code := self._in_process.get(bucket.key)) is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._in_process[bucket.key] = bucket.bytecode_to_string()


class Sandbox(jinja2.sandbox.SandboxedEnvironment):
    """Jinja's sandbox, its verdict on an attribute remembered: whether `obj.attr` is safe depends only on the type
    of `obj` and the name (jinja2.sandbox.is_internal_attribute), and asking again for every cell of every table
    was a third of the time a large event took to render."""

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


def environment(dirs: list[Path]) -> jinja2.Environment:
    """The theme's Jinja environment. A theme is data, not code: its templates render in Jinja's sandbox (no
    attribute starting with '_', no unsafe call), so `{{ cycler.__init__.__globals__.os }}` is an error."""
    env = Sandbox(
        bytecode_cache=CompiledTemplates(),
        loader=loader(dirs),
        # Printed values pass through `finalize`: as they are in English; i18n.localized's overlays translate them. It
        # must be set here too: a template's compiled code (shared by the overlays) calls it only if it was set.
        finalize=lambda value: value,
        **OPTIONS,
    )
    equip(env, dirs)
    _compile_all(env)
    return env


def _compile_all(env: jinja2.Environment) -> None:
    """Every template compiled now, into the in-process cache: the build's worker processes are forked after the
    environment is made, so they start with it instead of each compiling every template again. A template with a
    mistake is left to be reported, at its line, by the page that renders it."""
    for name in env.list_templates(extensions=["html"]):
        try:
            env.get_template(name)
        except (jinja2.TemplateError, UnicodeDecodeError):  # a template not in UTF-8 too: reported where it renders
            pass


def svg_number(value: float) -> str:
    """An SVG coordinate as the charts give it: whole numbers as they are, fractions to one decimal."""
    return f"{value:.1f}" if isinstance(value, float) else str(value)


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
            html = template.render({"root": page.root, "page_path": page.path} | page.context)
        except Exception as exc:  # a theme's template can fail in any way; a built-in one failing is a bug: re-raised
            problem = _template_problem(exc, dirs, page.template)
            if problem is None:
                raise
            raise ContentError([problem]) from None
        files[page.path] = html.encode()
    return files


def static_files(dirs: list[Path]) -> dict[str, bytes]:
    """The theme's static files, by output path."""
    files: dict[str, bytes] = {}
    for theme in reversed(dirs):  # the chosen theme's static files win
        static = theme / "static"
        for path in sorted(static.rglob("*")) if static.is_dir() else ():
            if path.is_file():
                files["static/" + path.relative_to(static).as_posix()] = path.read_bytes()
    return files
