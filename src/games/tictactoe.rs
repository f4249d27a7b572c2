//! Tic-tac-toe (3x3, three in a row).
