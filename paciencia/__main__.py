from paciencia.cli import main

raise SystemExit(main())
