"""The editor's main window: board view, tools, panels, menus and the live checker on screen; its
files (New, Open, Import, Save, recent files, recovery) are :class:`editor.file_actions.FileActions`'.

Every modal dialog goes through ``editor.dialogs`` (tests replace those functions). The window
keeps one :class:`Document` for its whole life; New/Open/Recover load another scenario into it.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QColor, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QLabel,
    QMainWindow,
    QScrollArea,
    QStyle,
    QToolBar,
    QUndoView,
    QWidget,
)

from editor import context_menus, window_extras
from editor.autosave import Autosaver
from editor.document import Document
from editor.file_actions import FileActions
from editor.minimap import Minimap
from editor.ownership import OwnershipController
from editor.panels.game import install as install_game_dock
from editor.panels.issues import IssuesPanel
from editor.panels.palette import TilePalette
from editor.panels.players import PlayersPanel
from editor.panels.properties import PropertiesPanel
from editor.panels.tileset import TileSetPanel
from editor.panels.turn import TurnPanel
from editor.preview_mode import BoardPreviewController, PreviewBanner
from editor.region_edits import RegionEdits
from editor.scene import cell_marks, side_marks
from editor.tool_options import ToolOptions
from editor.tools import TOOL_CLASSES, SelectTool, StampTool, TokenTool, Tool
from editor.window_state import restore_layout, save_layout
from model import editing
from model.grid import Coord
from model.io import LoadError, load
from model.newboard import new_scenario
from model.paths import scenarios_dir
from model.scenario import Scenario

OVERLAY_COLOUR = QColor(40, 180, 70, 95)
APP_NAME = "Trackwright"


def make_settings() -> QSettings:
    """The editor's settings (recent files); ``$TRACKWRIGHT_SETTINGS`` names an INI file instead."""
    path = os.environ.get("TRACKWRIGHT_SETTINGS")
    if path:
        return QSettings(path, QSettings.Format.IniFormat)
    return QSettings(APP_NAME, APP_NAME)


def default_scenario() -> tuple[Scenario, Path | None]:
    """The bundled 18 India map, or a new Catalan board when it is missing or unreadable."""
    path = scenarios_dir() / "18india.json"
    try:
        return load(path), path
    except LoadError:
        return new_scenario("catalan", 12, 12, title="New Catalan board"), None


def export_dialog_module():
    """The Export dialog module (``editor/export_dialog.py``), or None while it does not exist.

    Hook for the export developer: the module provides ``open_export_dialog(parent, document)``
    (or an ``ExportDialog(document, parent)`` class); without it, File has no Export entry.
    """
    try:
        return importlib.import_module("editor.export_dialog")
    except ModuleNotFoundError as exc:
        if exc.name == "editor.export_dialog":
            return None
        raise


def puzzle_panel_class():
    """The puzzle panel (``editor/panels/puzzle_panel.py``, another developer's), or None without it."""
    try:
        module = importlib.import_module("editor.panels.puzzle_panel")
    except ModuleNotFoundError as exc:
        if exc.name == "editor.panels.puzzle_panel":
            return None
        raise
    return getattr(module, "PuzzlePanel", None)


class MainWindow(FileActions, RegionEdits, QMainWindow):
    """Trackwright's editor window."""

    def __init__(self, document: Document | None = None, settings: QSettings | None = None, autosave_dir: Path | None = None) -> None:
        super().__init__()
        from editor.scene import BoardScene
        from editor.view import BoardView

        if document is None:
            scenario, path = default_scenario()
            document = Document(scenario, path)
        self.document = document
        document.setParent(self)
        self.settings = settings or make_settings()
        self.scene = BoardScene(document)
        self.scene.auto_issue_marks = False  # the window marks errors and warnings (not notes) itself
        self.view = BoardView(self.scene)
        self.setCentralWidget(self.view)
        self.preview_banner = PreviewBanner(self.view)  # floats over the board while previewing
        self.tools: dict[type, Tool] = {cls: cls(document, self) for cls in TOOL_CLASSES}
        self.current_tool: Tool | None = None
        self._hover: Coord | None = None
        self._clip: editing.Clip | None = None
        self._legal_cells = editing.LegalCellsCache()
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks | QMainWindow.DockOption.AllowTabbedDocks)
        self._build_panels()
        self._build_status_bar()
        self._build_actions()
        self._build_menus_and_toolbars()
        self._overlay_timer = QTimer(self)
        self._overlay_timer.setSingleShot(True)
        self._overlay_timer.timeout.connect(self.refresh_overlay)
        self._connect_document()
        self.board_preview = BoardPreviewController(self)
        self.ownership = OwnershipController(self)
        self.ownership_action.toggled.connect(self._ownership_toggled)
        if self.puzzle_panel is not None and hasattr(self.puzzle_panel, "stepRequested"):
            self.puzzle_panel.stepRequested.connect(self.board_preview.show_step)
        # --- tools that know the rule set: the Token tool only where station tokens count ---
        document.boardReset.connect(self._rule_set_tools)
        document.metaChanged.connect(self._rule_set_tools)
        self._rule_set_tools()
        self.autosaver = Autosaver(document, autosave_dir, parent=self)
        self.set_tool(self.tools[SelectTool])
        self._update_title()
        window_extras.install(self)  # status fields, focus rules, Help menu
        context_menus.install(self)  # right-clicks on the board, the palette and the issues list
        self.resize(1400, 900)
        restore_layout(self)

    # --- construction ---------------------------------------------------------------------
    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea, name: str) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        panel = widget.widget() if isinstance(widget, QScrollArea) else widget
        if hasattr(panel, "set_in_view"):  # a panel that skips work while its dock is out of view
            dock.visibilityChanged.connect(panel.set_in_view)
        return dock

    def _build_panels(self) -> None:
        doc = self.document
        self.palette = TilePalette(doc)
        self.properties = PropertiesPanel(doc)
        self.players = PlayersPanel(doc)
        self.issues_panel = IssuesPanel(doc)
        self.history = QUndoView(doc.undo_stack)
        self.history.setEmptyLabel("<opened>")
        right, left, bottom = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea
        self.palette_dock = self._dock("Tiles", self.palette, left, "palette")
        scroller = QScrollArea()  # an 18xx hex has many fields: they scroll rather than stretch the window
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setWidget(self.properties)
        self.properties_dock = self._dock("Properties", scroller, right, "properties")
        self.players_dock = self._dock("Players && companies", self.players, right, "players")
        self.history_dock = self._dock("History", self.history, right, "history")
        self.issues_dock = self._dock("Issues", self.issues_panel, bottom, "issues")
        self.minimap = Minimap(self.view)
        self.minimap_dock = self._dock("Minimap", self.minimap, left, "minimap")
        self.minimap_dock.toggleViewAction().setStatusTip("Show or hide the minimap: the whole board, with the visible area outlined")
        self.tabifyDockWidget(self.properties_dock, self.players_dock)
        self.tabifyDockWidget(self.players_dock, self.history_dock)
        # --- tile set: the manifest editor (editor/panels/tileset.py) ---
        self.tileset_panel = TileSetPanel(doc)
        self.tileset_dock = self._dock("Tile Set", self.tileset_panel, right, "tileset")
        self.tabifyDockWidget(self.history_dock, self.tileset_dock)
        self.tileset_panel.tileActivated.connect(self.palette.select_tile)
        self.puzzle_panel = self.puzzle_dock = None
        panel_class = puzzle_panel_class()
        if panel_class is not None:  # optional: the puzzle editor, when installed
            self.puzzle_panel = panel_class(doc)
            scroll = QScrollArea()  # the panel is tall: scroll rather than force the window's height
            scroll.setWidget(self.puzzle_panel)
            scroll.setWidgetResizable(True)
            self.puzzle_dock = self._dock("Puzzle", scroll, right, "puzzle")
            self.tabifyDockWidget(self.history_dock, self.puzzle_dock)
        # --- the Turn panel: the game state (active actor, phases, hands, cash, tokens) ---
        self.turn_panel = TurnPanel(doc)
        turn_scroll = QScrollArea()
        turn_scroll.setWidget(self.turn_panel)
        turn_scroll.setWidgetResizable(True)
        self.turn_dock = self._dock("Turn", turn_scroll, right, "turn")
        self.tabifyDockWidget(self.players_dock, self.turn_dock)
        self.game_panel, self.game_dock = install_game_dock(self, doc, self.turn_dock)  # a recorded game's stepper
        self.properties_dock.raise_()
        self.resizeDocks([self.palette_dock, self.properties_dock], [220, 380], Qt.Orientation.Horizontal)
        self.resizeDocks([self.palette_dock, self.minimap_dock], [420, 300], Qt.Orientation.Vertical)
        self.resizeDocks([self.issues_dock], [120], Qt.Orientation.Vertical)
        self.palette.tileSelected.connect(self._tile_picked)
        self.palette.overlayToggled.connect(lambda on: self.overlay_action.setChecked(on))
        self.issues_panel.issueActivated.connect(self.locate_cells)

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        self.cell_label = QLabel()
        self.cell_label.setMinimumWidth(70)
        self.checking_label = QLabel()
        self.counts_label = QLabel()
        # fixed sizes: their text changes around every edit, and a label whose size hint changes
        # makes the whole window lay out again (a millisecond or two each time)
        metrics = self.checking_label.fontMetrics()
        height = self.checking_label.sizeHint().height()  # as tall as it would be: the bar keeps its height
        self.checking_label.setFixedSize(metrics.horizontalAdvance("checking…") + 12, height)
        self.counts_label.setFixedSize(metrics.horizontalAdvance("8888 errors, 8888 warnings, 8888 notes") + 12, height)
        self.counts_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        bar.addPermanentWidget(self.checking_label)
        bar.addPermanentWidget(self.counts_label)
        bar.addPermanentWidget(self.cell_label)

    def _action(self, text: str, slot, shortcut=None, tip: str = "", checkable: bool = False) -> QAction:
        act = QAction(text, self)
        if shortcut is not None:
            act.setShortcut(QKeySequence(shortcut))
        if tip:
            act.setStatusTip(tip)
            act.setToolTip(tip)
        act.setCheckable(checkable)
        if slot is not None:
            act.triggered.connect(slot)
        self.addAction(act)
        return act

    def _build_actions(self) -> None:
        K = QKeySequence.StandardKey
        a = self._action
        self.new_action = a("&New…", self.new_file, K.New, "New board: rule set, grid and size")
        self.open_action = a("&Open…", lambda: self.open_file(), K.Open, "Open a scenario file")
        self.import_action = a("&Import…", lambda: self.import_file(), "Ctrl+Shift+O",
                               "Import a map from another program: an 18xx.games map.rb, a game recorded on 18xx.games "
                               "(.json) or an 18xx-maker game (.json)")
        self.save_action = a("&Save", self.save, K.Save, "Save the scenario")
        self.save_as_action = a("Save &As…", self.save_as, K.SaveAs, "Save the scenario under another name")
        self.close_action = a("&Close", self.close_file, None,
                              "Close the file (asking to save unsaved changes); an empty board of the preferred rule set takes its place")
        # every binding the platform knows (QKeySequence(K.Close) keeps only the first: Ctrl+F4 on
        # some platforms) and Ctrl+W on all of them
        close_keys = QKeySequence.keyBindings(K.Close)
        self.close_action.setShortcuts(close_keys + [k for k in (QKeySequence("Ctrl+W"),) if k not in close_keys])
        self.quit_action = a("&Quit", self.close, K.Quit, "Quit Trackwright")
        stack = self.document.undo_stack
        self.undo_action = stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcuts(K.Undo)
        self.redo_action = stack.createRedoAction(self, "&Redo")
        # every binding the platform knows (QKeySequence(K.Redo) keeps only the first) and Ctrl+Y
        redo_keys = QKeySequence.keyBindings(K.Redo)
        self.redo_action.setShortcuts(redo_keys + [k for k in (QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z")) if k not in redo_keys])
        self.undo_action.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_ArrowBack))
        self.redo_action.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_ArrowForward))
        self.cut_action = a("Cu&t", self.cut, K.Cut, "Cut the selected cells")
        self.copy_action = a("&Copy", self.copy, K.Copy, "Copy the selected cells")
        self.paste_action = a("&Paste", self.paste, K.Paste, "Paste at the selection's top-left cell (or the cell under the pointer)")
        self.delete_action = a("&Delete", self.delete, K.Delete, "Clear the selected cells")
        self.board_size_action = a("Board &Size…", self.change_board_size, None, "Change the board's width and height (one undo step)")
        self.select_all_action = a("Select &All", self.select_all, K.SelectAll, "Select every cell")
        self.zoom_in_action = a("Zoom &In", lambda: self.view.zoom_in(), K.ZoomIn)
        self.zoom_out_action = a("Zoom &Out", lambda: self.view.zoom_out(), K.ZoomOut)
        # plain + (or =, its unshifted key) and - zoom too, as in most editors (text fields keep them)
        self.zoom_in_action.setShortcuts(QKeySequence.keyBindings(K.ZoomIn) + [QKeySequence(Qt.Key.Key_Plus), QKeySequence(Qt.Key.Key_Equal)])
        self.zoom_out_action.setShortcuts(QKeySequence.keyBindings(K.ZoomOut) + [QKeySequence(Qt.Key.Key_Minus)])
        self.zoom_reset_action = a("&Actual Size", lambda: self.view.zoom_reset(), "Ctrl+0")
        self.fit_action = a("&Fit to Window", lambda: self.view.fit_to_window(), "Ctrl+9")
        self.overlay_action = a("&Where Can This Tile Go?", None, "Ctrl+L",
                                "Shade every cell where the palette's tile has a legal move", checkable=True)
        self.overlay_action.toggled.connect(self._overlay_toggled)  # one state: checkbox, menu item and Ctrl+L
        self.ownership_action = a("Show Track &Ownership", lambda _checked=False: None, None,
                                  "Edge each track connection with the colours of the players or companies whose network uses it",
                                  checkable=True)
        self.rotate_cw_action = a("Rotate Tile &Clockwise", lambda: self.tools[StampTool].rotate(1), "R")
        self.rotate_ccw_action = a("Rotate Tile A&nticlockwise", lambda: self.tools[StampTool].rotate(-1), "Shift+R")
        self.tool_group = QActionGroup(self)
        self.tool_actions: dict[type, QAction] = {}
        for cls, tool in self.tools.items():
            act = a(tool.name, lambda _checked=False, t=tool: self.set_tool(t), tool.shortcut, f"{tool.hint}  [{tool.shortcut}]", checkable=True)
            act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)  # also while a dock has focus (text fields keep their keys)
            act.setIcon(tool.icon)
            self.tool_group.addAction(act)
            self.tool_actions[cls] = act
            tool.statusMessage.connect(self._tool_message)
            tool.hovered.connect(self._hovered)
        self.export_action: QAction | None = None
        module = export_dialog_module()
        if module is not None:
            self.export_action = a("&Export…", lambda: self.open_export(module), "Ctrl+E", "Export the board (SVG, PNG, PDF, other formats)")

    def _build_menus_and_toolbars(self) -> None:
        mb = self.menuBar()
        file = mb.addMenu("&File")
        file.addAction(self.new_action)
        file.addAction(self.open_action)
        self.recent_menu = file.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file.addAction(self.import_action)
        file.addSeparator()
        file.addAction(self.save_action)
        file.addAction(self.save_as_action)
        if self.export_action is not None:
            # --- export hook: the entry exists only when editor/export_dialog.py does ---
            file.addSeparator()
            file.addAction(self.export_action)
        file.addSeparator()
        file.addAction(self.close_action)
        file.addAction(self.quit_action)
        edit = mb.addMenu("&Edit")
        for act in (self.undo_action, self.redo_action, None, self.cut_action, self.copy_action, self.paste_action,
                    self.delete_action, None, self.select_all_action, None, self.board_size_action):
            edit.addSeparator() if act is None else edit.addAction(act)
        view = mb.addMenu("&View")
        for act in (self.zoom_in_action, self.zoom_out_action, self.zoom_reset_action, self.fit_action, None, self.overlay_action,
                    self.ownership_action, None):
            view.addSeparator() if act is None else view.addAction(act)
        for dock in (self.palette_dock, self.minimap_dock, self.properties_dock, self.players_dock, self.history_dock,
                     self.tileset_dock, self.puzzle_dock, self.issues_dock):
            if dock is not None:
                view.addAction(dock.toggleViewAction())
        view.addAction(self.turn_dock.toggleViewAction())  # the Turn panel
        tools = mb.addMenu("&Tools")
        for act in self.tool_actions.values():
            tools.addAction(act)
        tools.addSeparator()
        tools.addAction(self.rotate_cw_action)
        tools.addAction(self.rotate_ccw_action)
        bar = QToolBar("Tools", self)
        bar.setObjectName("tools")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)  # names in tooltips
        for act in self.tool_actions.values():
            bar.addAction(act)
        bar.addSeparator()
        bar.addAction(self.undo_action)
        bar.addAction(self.redo_action)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.tools_bar = bar
        self.options = ToolOptions(self.tools)
        obar = QToolBar("Tool options", self)
        obar.setObjectName("tool_options")
        obar.addWidget(self.options)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, obar)

    def _connect_document(self) -> None:
        doc = self.document
        doc.issuesChanged.connect(self._issues_changed)
        # bound methods only: Qt drops their connections when the window is destroyed
        doc.checkingChanged.connect(self._checking_changed)
        doc.modifiedChanged.connect(self.setWindowModified)
        doc.pathChanged.connect(self._update_title)
        doc.metaChanged.connect(self._update_title)
        doc.boardReset.connect(self._board_reset)
        for sig in (doc.cellsChanged, doc.edgesChanged, doc.metaChanged):
            sig.connect(self._schedule_overlay)
        if doc.issues:
            self._issues_changed(doc.issues)

    # --- tools ---------------------------------------------------------------------------
    def _checking_changed(self, busy: bool) -> None:
        self.checking_label.setText("checking…" if busy else "")

    def set_tool(self, tool: Tool) -> None:
        preview = getattr(self, "board_preview", None)
        if preview is not None:
            preview.leave()  # picking a tool means editing again
        if self.current_tool is tool:
            return
        self.current_tool = tool
        self.view.set_tool(tool)  # the view deactivates the old tool and activates this one
        self.tool_actions[type(tool)].setChecked(True)
        self.options.show_tool(tool)
        self.statusBar().showMessage(tool.hint)

    def _tool_message(self, text: str) -> None:
        self.statusBar().showMessage(text)

    def _hovered(self, coord: Coord | None) -> None:
        self._hover = coord
        self.cell_label.setText(self.document.label(coord) if coord is not None else "")

    def _tile_picked(self, tile_id: str | None) -> None:
        stamp = self.tools[StampTool]
        stamp.set_tile(tile_id)
        if tile_id is not None:
            self.set_tool(stamp)
        self._schedule_overlay()

    # --- live checker on screen -----------------------------------------------------------
    def _issues_changed(self, issues) -> None:
        grid = self.document.grid
        shown = [i for i in issues if i.severity != "info"]  # errors and warnings are marked on the board

        def text(issue) -> str:
            return f"{issue.severity}: {issue.message} [{issue.rule}]"

        self.scene.set_issue_marks(cell_marks(grid, shown, text))
        self.scene.set_issue_edge_marks(side_marks(grid, shown, text))
        counts = self.document.issue_counts()
        self.counts_label.setText(self.counts_text(counts))

    @staticmethod
    def counts_text(counts: dict[str, int]) -> str:
        def n(k: str, word: str) -> str:
            return f"{counts.get(k, 0)} {word}{'' if counts.get(k, 0) == 1 else 's'}"

        return f"{n('error', 'error')}, {n('warning', 'warning')}, {n('info', 'note')}"

    def locate_cells(self, coords: list[Coord]) -> None:
        """Centre the view on these cells and select them (issues panel clicks)."""
        self.document.set_selection(coords)
        self.view.centre_on_cells(coords)
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)  # the tool keys and the board's keys work at once

    def _rule_set_tools(self) -> None:
        """Enable the tools the scenario's rule set has a use for (the Token tool on 18xx maps)."""
        from model.features import used_features

        used = used_features(self.document.rule_set)
        on = used is None or "token" in used
        self.tool_actions[TokenTool].setEnabled(on)
        if not on and isinstance(self.current_tool, TokenTool):
            self.set_tool(self.tools[SelectTool])

    # --- overlay ---------------------------------------------------------------------------
    def _overlay_toggled(self, on: bool) -> None:
        if self.palette.overlay_box.isChecked() != on:
            self.palette.overlay_box.setChecked(on)
        self.refresh_overlay()

    def _ownership_toggled(self, _checked: bool = False) -> None:
        self.ownership.set_shown(self.ownership_action.isChecked())

    def _schedule_overlay(self, *_args) -> None:
        if self.overlay_action.isChecked():
            self._overlay_timer.start(60)

    def overlay_cells(self) -> set[Coord]:
        tile = self.tools[StampTool].tile_id
        if tile is None:
            return set()
        # recomputed only where the last edit can change it (the same answer as editing.legal_cells)
        return self._legal_cells.legal_cells(self.document.scenario, self.document.rule_set, tile)

    def refresh_overlay(self) -> None:
        if not self.overlay_action.isChecked() or self.tools[StampTool].tile_id is None:
            self.scene.set_overlay({})
            if self.overlay_action.isChecked():
                self.statusBar().showMessage("Pick a tile in the palette to see where it can go")
            return
        cells = self.overlay_cells()
        self.scene.set_overlay({c: OVERLAY_COLOUR for c in cells})
        where = "1 cell" if len(cells) == 1 else f"{len(cells)} cells"
        self.statusBar().showMessage(f"{self.tools[StampTool].tile_id} has a legal move on {where}")

    def _board_reset(self) -> None:
        self._update_title()
        self._schedule_overlay()
        self._hover = None
        self.cell_label.setText("")  # no cell of the old board stays named
        self.statusBar().clearMessage()

    # --- files ----------------------------------------------------------------------------
    def _update_title(self, *_args) -> None:
        self.setWindowTitle(f"{self.document.display_name()}[*] — {APP_NAME}")
        self.setWindowModified(self.document.is_modified())

    def open_export(self, module) -> None:
        if hasattr(module, "open_export_dialog"):
            module.open_export_dialog(self, self.document)
        else:
            module.ExportDialog(self.document, self).exec()

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        self.properties.commit_pending()  # a field being edited counts, so the save prompt sees it
        if self.maybe_save():
            self.properties.frozen = True  # widgets losing focus while the window goes away edit nothing
            self.autosaver.discard()
            verifier = getattr(self.puzzle_panel, "verifier", None)
            if verifier is not None and hasattr(verifier, "cancel"):
                verifier.cancel(emit=False)  # stop a running puzzle search
            save_layout(self)
            event.accept()
        else:
            event.ignore()
