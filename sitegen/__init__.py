"""sitegen: the build tool (CLI, content, pipeline, rendering)."""
