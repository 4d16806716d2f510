"""From site data to files: page views, templates' filters, downloads, regulations pages."""
