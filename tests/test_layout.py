"""The shape of the service's code: modules and classes small enough to
read, dependencies that point one way (api -> games -> store -> engine),
and wings (ratings, seeks, tournaments: features beside the core) that the
core never imports nor names, that see the core through its kit alone,
that never import each other, and that app.py alone installs."""

import ast
import re
from pathlib import Path

import pytest

SERVICE = Path(__file__).parent.parent / "service" / "buttonup"
MODULES = sorted(SERVICE.rglob("*.py"))
MAX_MODULE_LINES = 450
MAX_CLASS_LINES = 300
MAX_FUNCTION_LINES = 60


def imported(path: Path) -> set[str]:
    """The modules `path` imports, by their full names."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def package_of(path: Path) -> str:
    return path.relative_to(SERVICE).parts[0].removesuffix(".py")


# A wing is a package that declares what it adds (its MANIFEST), which app.py installs.
WINGS = sorted(
    init.parent.name
    for init in SERVICE.glob("*/__init__.py")
    if "MANIFEST = Manifest(" in init.read_text()
)
# A wing's edge: the modules that speak HTTP (its routes, views and schemas),
# and its `install`, which hands the app its routes and board words.
WING_EDGE = ("api.py", "views.py", "schemas.py", "__init__.py")


def test_the_wings_are_found():
    assert WINGS == ["challenges", "puzzles", "ratings", "seeks", "tournaments"]


def test_the_core_never_imports_a_wing():
    for path in MODULES:
        if package_of(path) in (*WINGS, "app"):
            continue
        names = imported(path)
        assert not any(n.startswith(tuple(f"buttonup.{w}" for w in WINGS)) for n in names), path


# The wings the core's code may name after all: the rating a seat brings and
# a rated game's change are the match's (engine.ratings), as its clock is;
# the ratings wing is the profiles, histories and boards kept of them.
NAMED_BY_THE_MATCH = ("ratings",)
# An earlier release's stored form, read at the door as this release's: it
# named the one wing whose id it kept in the core's options (store.earlier).
EARLIER_FORMS = ("store/earlier.py",)


def code_names(path: Path) -> list[tuple[int, str]]:
    """The names `path`'s code uses, with their lines: identifiers, and the
    strings that are one word (keys, fields, events); not its comments,
    docstrings nor prose (an operation's description)."""
    tree = ast.parse(path.read_text())
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        match node:
            case ast.Name(id=name) | ast.Attribute(attr=name) | ast.arg(arg=name):
                found.append((node.lineno, name))
            case ast.FunctionDef(name=name) | ast.ClassDef(name=name) | ast.keyword(arg=str(name)):
                found.append((node.lineno, name))
            case ast.alias(name=name, asname=asname):
                found.append((node.lineno, asname or name))
            case ast.Constant(value=str(text)) if id(node) not in docstrings and " " not in text:
                found.append((node.lineno, text))
    return found


def test_the_cores_code_names_no_wing():
    """Comments and prose aside, the core says nothing of any wing: what it
    needs of one is a port, a hook or a registry the wing fills."""
    stems = [wing.removesuffix("s") for wing in WINGS if wing not in NAMED_BY_THE_MATCH]
    named = re.compile("|".join(stems), re.IGNORECASE)
    for path in MODULES:
        relative = str(path.relative_to(SERVICE))
        if package_of(path) in (*WINGS, "app") or relative in EARLIER_FORMS:
            continue
        said = [f"{line}: {name}" for line, name in code_names(path) if named.search(name)]
        assert not said, (relative, said)


def test_a_wing_imports_the_kit_and_itself_and_nothing_else_of_the_core():
    """buttonup.kit is all a wing may use of the core; its edge (routes,
    views, schemas) may use buttonup.kit.http too, and nothing else may."""
    for wing in WINGS:
        for path in (SERVICE / wing).rglob("*.py"):
            allowed = ["buttonup.kit", f"buttonup.{wing}"]
            core = {
                name
                for name in imported(path)
                if name.startswith("buttonup") and name.split(".")[:2] != ["buttonup", wing]
            }
            edge = {name for name in core if name.startswith("buttonup.kit.http")}
            assert all(name.split(".")[:2] == ["buttonup", "kit"] for name in core), (
                path,
                sorted(core - {n for n in core if n.startswith(tuple(allowed))}),
            )
            assert path.name in WING_EDGE or not edge, (path, sorted(edge))


def test_a_wing_never_imports_another():
    for wing in WINGS:
        others = tuple(f"buttonup.{other}" for other in WINGS if other != wing)
        for path in (SERVICE / wing).rglob("*.py"):
            assert not any(name.startswith(others) for name in imported(path)), path


def test_the_app_installs_every_wing_and_is_the_only_place_that_lists_them():
    app = (SERVICE / "app.py").read_text()
    assert f"WINGS = ({', '.join(WINGS)})" in app
    for path in MODULES:
        if package_of(path) != "app":
            assert not re.search(r"\bWINGS\b", path.read_text()), path


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(SERVICE)))
def test_no_module_is_longer_than_a_reader_can_hold(path):
    assert len(path.read_text().splitlines()) <= MAX_MODULE_LINES


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(SERVICE)))
def test_no_class_does_more_than_one_job(path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ClassDef):
            assert node.end_lineno - node.lineno + 1 <= MAX_CLASS_LINES, node.name


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(SERVICE)))
def test_no_function_is_longer_than_a_screen(path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno - node.lineno + 1 <= MAX_FUNCTION_LINES, node.name


def test_nothing_but_the_app_and_the_kits_edge_imports_the_api():
    for path in MODULES:
        if package_of(path) in ("api", "app"):
            continue
        if path == SERVICE / "kit" / "http.py":  # the wings' edge's window on it
            continue
        assert not any(name.startswith("buttonup.api") for name in imported(path)), path


def test_the_use_cases_see_the_store_through_its_package_alone():
    for path in (SERVICE / "games").rglob("*.py"):
        inside = {name for name in imported(path) if name.startswith("buttonup.store.")}
        # `from buttonup.store import X` names X, never a module under the store.
        modules = {
            name for name in inside if (SERVICE / "store" / f"{name.split('.')[2]}.py").exists()
        }
        assert not modules, (path, modules)


def test_the_store_and_the_engine_know_nothing_above_them():
    for path in MODULES:
        layer = package_of(path)
        names = imported(path)
        if layer == "engine":
            assert not any(n.startswith(("buttonup.store", "buttonup.games")) for n in names), path
        if layer == "store":
            assert not any(n.startswith("buttonup.games") for n in names), path


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(SERVICE)))
def test_a_module_has_its_tests_or_says_where_they_are(path):
    """tests/ mirrors service/: a module's tests are tests/<its folder>/test_<module>.py,
    or its docstring says where they are ("Tested in ...", each path real)."""
    if path.name == "__init__.py":
        return
    folder = path.parent.relative_to(SERVICE)
    name = f"test_{path.name.removesuffix('.py').replace('.', '_')}.py"
    if (SERVICE.parent.parent / "tests" / folder / name).exists():
        return
    docstring = ast.get_docstring(ast.parse(path.read_text())) or ""
    said = docstring.partition("Tested in ")[2].replace("\n", " ")
    named = [part.strip(" .") for part in said.split(",") if part.strip(" .")]
    assert named, f"{path}: no tests/{folder}/{name}, nor a 'Tested in' line"
    for test in named:
        assert (SERVICE.parent.parent / test).exists(), (path, test)


def test_format_1_is_the_stores_alone():
    """Earlier releases' stored form is read at the door (store.format1, and
    the store's reads that hand it there): nothing above the store names it
    but the operator's `buttonup migrate` (cli)."""
    for path in MODULES:
        if package_of(path) in ("store", "cli"):
            continue
        text = path.read_text().lower()
        assert "format1" not in text and "format 1" not in text, path


def test_a_command_states_what_it_needs_in_its_type():
    for path in (SERVICE / "games").rglob("*.py"):
        assert "authenticated" not in "".join(
            line for line in path.read_text().splitlines() if "type: ignore" in line
        ), path


def test_every_file_the_package_reads_at_run_time_ships_with_it():
    """A wing's Lua scripts, the board's files and words: each folder of them
    is in pyproject.toml's package data, or an installed (not editable)
    package, as a container builds it, would miss them."""
    import tomllib

    shipped = tomllib.loads((SERVICE.parents[1] / "pyproject.toml").read_text())["tool"][
        "setuptools"
    ]["package-data"]["buttonup"]
    folders = {path.parent.relative_to(SERVICE) for path in SERVICE.rglob("*.lua")}
    for folder in sorted(folders):
        # One glob ships every package's lua/ folder (a wing adds no line).
        assert folder.name == "lua" and len(folder.parts) == 2, folder
    assert "*/lua/*.lua" in shipped
    # And every package's words (the board's, and each wing's it adds).
    for path in SERVICE.glob("*/words/*.json"):
        assert path.parent.parent.parent == SERVICE, path
    assert "*/words/*.json" in shipped
    assert "web/static/*" in shipped and "web/words/*.json" in shipped
