import sys

from sitegen.cli.main import main

sys.exit(main())
