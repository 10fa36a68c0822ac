from builder.cli.main import main

main()
