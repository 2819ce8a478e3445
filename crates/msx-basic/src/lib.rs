//! MSX-BASIC tokenizer, detokenizer and parser.
