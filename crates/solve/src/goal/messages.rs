//! The step texts of goal solutions, in every language. They stand apart from the goal
//! search so that the registry can gather them with the methods' messages without depending
//! on the search (which itself borrows the optimal method's lower bound).

use crate::i18n::Message;

/// The messages of goal solutions.
pub const MESSAGES: &[Message] = &[
    Message {
        key: "goal.reach",
        en_name: "Goal reached",
        en_explanation: "The cube now shows the goal position ({count|move|moves}).",
        fr_name: "But atteint",
        fr_explanation:
            "Le cube montre maintenant la position visée ({count|mouvement|mouvements}).",
    },
    Message {
        key: "goal.search",
        en_name: "Reach {goal}",
        en_explanation: "The shortest way to {goal} with the turns ⟨{moves}⟩",
        fr_name: "Atteindre {goal}",
        fr_explanation: "Le plus court chemin vers {goal} avec les mouvements ⟨{moves}⟩",
    },
];
