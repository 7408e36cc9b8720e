"""A griffe extension for the docs site: an attribute declared as
``name = Forwarded[T]("_part")`` (:mod:`tablegames.core.forwarding`) shows on the API pages as
the read-only property it is, of type ``T``, as the ``@property`` it replaces did.

Used by mkdocs.yml (mkdocstrings ``extensions``).
"""

from __future__ import annotations

from typing import Any

import griffe


class ForwardedTypes(griffe.Extension):
    """Give each forwarded attribute its type and the property label (see the module doc)."""

    def on_attribute_instance(self, *, attr: griffe.Attribute, **kwargs: Any) -> None:
        """Called by griffe for every attribute it loads."""
        call = attr.value
        if not isinstance(call, griffe.ExprCall):
            return
        function = call.function
        if isinstance(function, griffe.ExprSubscript) and str(function.left) == "Forwarded":
            attr.annotation = function.slice
            attr.labels = {"property"}
