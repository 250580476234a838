"""sitegen: static standings sites for card-game tournaments."""

# The distribution's name on the package index (pyproject.toml's `name`): pip installs it, its metadata says the
# version. The command and the import package are `sitegen`.
DISTRIBUTION = "sitegen-standings"
VENDOR_FOLDER = ".sitegen"  # in a club's repository: the wheel `sitegen init --vendor` puts there, committed with the site
