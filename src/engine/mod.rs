//! The Botzone judge's state machine. (being implemented)
