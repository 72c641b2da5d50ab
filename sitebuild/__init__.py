"""The site build as a list of small stages (build.py runs them in order).

Every stage is a function ``(ctx) -> None`` over one shared :class:`sitebuild.context.Context`:
the page stages write Markdown into docs/gerado/ (generated, git-ignored); after ``mkdocs build``
the post-build stages work on ``ctx.out``, a staging folder that replaces site/ only when every
stage succeeded.
"""
