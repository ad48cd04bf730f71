"""The lenient evaluator behind :func:`method_merges`: the hashes a
method of a map file merges in, read with the interpolations it computes taken as ``0``.

Nothing is executed; the budgets of :mod:`model.io.ruby_values` apply as to every evaluation.
"""

from __future__ import annotations

from model.io.ruby_eval import _ESCAPES, RubyProgram, RubySyntaxError, _Eval, _line, _Source, _text, _unescape
from model.io.ruby_values import HashValue, RValue, Unevaluable


class LenientEval(_Eval):
    """The evaluator of :func:`method_merges`: an interpolation that is not a literal
    reads as ``0`` (counted in ``unknown``); a hash indexed by a variable is the union of its values."""

    def __init__(self, prog: RubyProgram, scope: tuple[str, ...], src: _Source) -> None:
        super().__init__(prog, scope, src)
        self.unknown = 0

    def string(self, node, depth: int) -> str:
        if node.type == "chained_string":
            return "".join(self.string(c, depth + 1) for c in node.named_children if c.type == "string")
        if not any(c.type == "interpolation" for c in node.named_children):
            return super().string(node, depth)
        out = []
        for c in node.named_children:
            if c.type == "interpolation":
                try:
                    kids = [k for k in c.named_children if k.type != "comment"]
                    v = self.eval(kids[0], depth + 1).value if len(kids) == 1 else None
                    if isinstance(v, (HashValue, list)) or v is None:
                        raise self.fail(c, "not a literal")
                    out.append(str(v))
                except Unevaluable:
                    self.unknown += 1
                    out.append("0")
            elif c.type == "string_content":
                out.append(_text(c))
            elif c.type == "escape_sequence":
                e = _text(c)[1:]
                out.append(_ESCAPES.get(e, e) if len(e) == 1 else _unescape(e))
        return "".join(out)

    def element(self, node, depth: int) -> RValue:
        kids = [c for c in node.named_children if c.type != "comment"]
        if len(kids) != 2:
            return super().element(node, depth)
        inner = [c for c in kids[0].named_children if c.type != "comment"] if kids[0].type == "element_reference" else []
        if kids[1].type == "identifier":  # X[v]: every value of X
            return self._union(self.eval(kids[0], depth), None, node)
        if len(inner) == 2 and inner[1].type == "identifier":  # X[v][k]: every value's k
            return self._union(self.eval(inner[0], depth), self.eval(kids[1], depth), node)
        return super().element(node, depth)

    def _union(self, base: RValue, key: RValue | None, node) -> RValue:
        if not isinstance(base.value, HashValue):
            raise self.fail(node, "a union of values that are not hashes")
        merged = HashValue([])
        for _k, v in base.value.items:
            if key is not None and isinstance(v.value, HashValue):
                want = self.key(key, node)
                v = next((vv for kk, vv in v.value.items if self.key(kk, node) == want), None)
            if v is None or not isinstance(v.value, HashValue):
                raise self.fail(node, "a union of values that are not hashes")
            merged = self.merged(merged, v.value, base.line, node).value
        return RValue(merged, base.line)


def method_merges(prog: RubyProgram, name: str) -> list[tuple[str, RValue, int]]:
    """The hashes a method of the main file merges in: for every ``X.merge(H)`` or
    ``X.merge!(H)`` in the body of ``def name``, the receiver's text, ``H`` read as a literal
    and the number of interpolations in it that are not literals (read as ``0``: a value the
    method computes, such as a revenue drawn at random). ``H[v][:k]`` indexed by a variable
    ``v`` reads as the union of ``H[...][:k]`` over all keys. Nothing is executed; a hash that
    does not read is left out."""
    out: list[tuple[str, RValue, int]] = []
    for node, scope, src in prog.methods.get(name, []):
        stack = [node]
        while stack:
            n = stack.pop()
            stack.extend(reversed(n.named_children))
            if n.type != "call":
                continue
            meth, recv = n.child_by_field_name("method"), n.child_by_field_name("receiver")
            args = n.child_by_field_name("arguments")
            if meth is None or _text(meth) not in ("merge", "merge!") or recv is None or args is None:
                continue
            kids = [c for c in args.named_children if c.type != "comment"]
            if len(kids) != 1:
                continue
            from model.io.ruby_lenient import LenientEval  # late: it builds on this module

            ev = LenientEval(prog, scope, src)
            try:
                v = ev.eval(kids[0], 0)
            except (Unevaluable, RubySyntaxError):
                continue
            if isinstance(v.value, HashValue):
                out.append((_text(recv), v, _line(n), ev.unknown))
    return out
