"""The command line: thin click commands over the layers below, their shared options, the
wording of usage errors, and the one boundary that turns errors into exit codes."""
