; Lister: one tokenized line back to text (docs/basic-interpreter.md, "Lister").
