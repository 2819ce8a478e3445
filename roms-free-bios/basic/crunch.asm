; Cruncher: BASIC text to the tokenized form (docs/basic-interpreter.md, "Cruncher").
