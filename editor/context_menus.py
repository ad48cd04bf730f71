"""Context menus: what a right-click offers on the board, the tile palette and the issues list.

* **A cell of the board.** The cell becomes the selection (unless it is already part of it, as
  in a file manager), then: turn its laid tile clockwise / anticlockwise, delete the laid tile,
  *Why Is This Tile Illegal?* (the live checker's findings on the cell, each with its rule),
  *Properties* (the Properties dock raised, its first field focused), and the Edit menu's Cut,
  Copy, Paste and Delete on the selection. Each edit is one undo step.
* **A tile of the palette.** Stamp it (the tile stamp picks it), show it in the Tile Set panel,
  and the "Where Can This Tile Go?" overlay for it.
* **An issue.** Show its cells on the board, copy its text.

The menus open with ``popup`` (never a nested event loop), so a test can click their entries.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu, QMessageBox, QTreeWidgetItem

from editor.commands import SetCellsCommand
from model import editing
from model.grid import Coord


def install(win) -> None:
    """Connect the menus to a main window's board view and panels."""
    win.context_menu = None
    win.explain_box = None
    win.view.cellMenuRequested.connect(lambda coord, pos: cell_menu(win, coord, pos))
    win.palette.tileMenuRequested.connect(lambda tile_id, pos: palette_menu(win, tile_id, pos))
    tree = win.issues_panel.tree
    tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
    tree.customContextMenuRequested.connect(lambda pos: issue_menu(win, pos))


def _show(win, menu: QMenu, pos: QPoint) -> QMenu:
    old = win.context_menu
    if old is not None:
        old.close()
        old.deleteLater()
    win.context_menu = menu
    menu.popup(pos)
    return menu


# --- the board ----------------------------------------------------------------------------------
def cell_menu(win, coord: Coord, pos: QPoint) -> QMenu:
    """The menu of the cell under a right-click."""
    doc = win.document
    if coord not in doc.selection:
        doc.set_selection([coord])
    label = doc.label(coord)
    cell = doc.cell(coord)
    tile = cell.tile
    menu = QMenu(win)
    menu.setObjectName("cellMenu")
    title = f"{label}: tile {tile.tile}" if tile is not None else label
    menu.addSection(title)

    def act(text: str, slot, enabled: bool = True, tip: str = ""):
        a = menu.addAction(text)
        a.triggered.connect(slot)
        a.setEnabled(enabled)
        if tip:
            a.setStatusTip(tip)
        return a

    has_tile = tile is not None
    win.menu_rotate_cw = act("Rotate Tile Clockwise", lambda: rotate_tile(win, coord, 1), has_tile)
    win.menu_rotate_ccw = act("Rotate Tile Anticlockwise", lambda: rotate_tile(win, coord, -1), has_tile)
    win.menu_delete_tile = act("Delete Tile", lambda: delete_tile(win, coord), has_tile,
                               "Take the laid tile (and the tokens in its cities) off; the printed hex stays")
    win.menu_explain = act("Why Is This Tile Illegal?", lambda: explain(win, coord), has_tile or bool(doc.issues_at(coord)),
                           "What the live checker finds wrong with this cell, rule by rule")
    menu.addSeparator()
    win.menu_properties = act("Properties…", lambda: show_properties(win, coord))
    menu.addSeparator()
    for a in (win.cut_action, win.copy_action, win.paste_action, win.delete_action):
        menu.addAction(a)
    return _show(win, menu, pos)


def rotate_tile(win, coord: Coord, steps: int) -> bool:
    doc = win.document
    changes = editing.rotate_laid_tile(doc.scenario, coord, steps)
    if not changes:
        return False
    way = "clockwise" if steps > 0 else "anticlockwise"
    doc.undo_stack.push(SetCellsCommand(doc, changes, f"Rotate {changes[coord].tile.tile} on {doc.label(coord)} {way}"))
    return True


def delete_tile(win, coord: Coord) -> bool:
    doc = win.document
    old = doc.cell(coord).tile
    changes = editing.remove_laid_tile(doc.scenario, coord)
    if not changes or old is None:
        return False
    doc.undo_stack.push(SetCellsCommand(doc, changes, f"Delete tile {old.tile} from {doc.label(coord)}"))
    return True


def explain(win, coord: Coord) -> QMessageBox:
    """A box (not modal: the board stays usable) with the checker's findings on the cell."""
    doc = win.document
    headline, lines = editing.explain_cell(doc.scenario, coord, doc.issues_at(coord))
    if doc.is_checking():
        lines.append("(The checker is still running: the findings may change in a moment.)")
    box = win.explain_box
    if box is None:
        box = QMessageBox(win)
        box.setWindowTitle("Why is this tile illegal?")
        box.setIcon(QMessageBox.Icon.Information)
        box.setStandardButtons(QMessageBox.StandardButton.Close)
        box.setWindowModality(Qt.WindowModality.NonModal)
        win.explain_box = box
    box.setText(headline)
    box.setInformativeText("\n".join(lines))
    box.show()
    win.statusBar().showMessage(headline, 6000)
    return box


def show_properties(win, coord: Coord) -> None:
    """Select the cell, raise the Properties dock and put the keyboard in its first field."""
    win.document.set_selection([coord])
    dock = win.properties_dock
    dock.show()
    dock.raise_()
    first = win.properties.first_field()
    if first is not None:
        first.setFocus(Qt.FocusReason.PopupFocusReason)


# --- the palette --------------------------------------------------------------------------------
def palette_menu(win, tile_id: str, pos: QPoint) -> QMenu:
    """The menu of a tile of the palette."""
    menu = QMenu(win)
    menu.setObjectName("paletteMenu")
    menu.addSection(f"Tile {tile_id}")
    win.menu_stamp = menu.addAction("Stamp This Tile", lambda: win.palette.select_tile(tile_id))
    win.menu_where = menu.addAction("Where Can This Tile Go?", lambda: where_can_it_go(win, tile_id))
    win.menu_in_tileset = menu.addAction("Show in Tile Set", lambda: show_in_tileset(win, tile_id))
    return _show(win, menu, pos)


def where_can_it_go(win, tile_id: str) -> None:
    win.palette.select_tile(tile_id)
    win.overlay_action.setChecked(True)
    win.refresh_overlay()


def show_in_tileset(win, tile_id: str) -> None:
    from PySide6.QtCore import QTimer

    win.tileset_dock.show()
    win.tileset_dock.raise_()
    # a panel out of view rebuilds when shown: pick the row once it has
    QTimer.singleShot(0, lambda: win.tileset_panel.select_tile(tile_id))


# --- the issues list ----------------------------------------------------------------------------
def issue_menu(win, pos: QPoint) -> QMenu | None:
    from editor.panels.issues import ISSUE_ROLE

    tree = win.issues_panel.tree
    item: QTreeWidgetItem | None = tree.itemAt(pos)
    issue = item.data(0, ISSUE_ROLE) if item is not None else None
    if issue is None:
        return None
    menu = QMenu(win)
    menu.setObjectName("issueMenu")
    win.menu_show_issue = menu.addAction("Show on Board", lambda: win.issues_panel._clicked(item))
    win.menu_show_issue.setEnabled(bool(issue.cells))
    win.menu_copy_issue = menu.addAction("Copy Text", lambda: QGuiApplication.clipboard().setText(
        f"{issue.severity}: {issue.message} [{issue.rule}]"))
    return _show(win, menu, tree.viewport().mapToGlobal(pos))
