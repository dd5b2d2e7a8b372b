"""One file per schema change, in order (`down_revision` links them). Append; never edit one that has shipped."""
