"""HTTP only: parse, authenticate, validate, call the service, serialize."""
