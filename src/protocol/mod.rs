//! Protocol front-ends (UCI, XBoard). The loop arrives with the protocol issue; the CLI and
//! tests use the rules core directly until then.
